-- Locks: new tables only.
-- A person's documents are read by every process (issue 31.3): the content of each document lives
-- in the database beside its row, no longer in each process's DOCUMENTS_DIR. `content` is the same
-- sealed payload the files held: `TQD1 | iv (12) | tag (16) | AES-256-GCM ciphertext`, under a key
-- derived from the server pepper, the document id as associated data
-- (modules/documents/document-storage.ts). Deleting a document deletes its content in the same
-- statement (and an account's deletion its documents' contents). Files written before this
-- migration move in at the next start, or with `npm run documents:migrate`
-- (docs/operations/upgrades.md).
create table document_files (
  document_id uuid primary key references documents (id) on delete cascade,
  content bytea not null
);
-- Ciphertext does not compress: stored out of line without trying.
alter table document_files alter column content set storage external;
