-- Locks: new tables only.
-- An individual's documents and the history of the codes issued for them.

-- Each file lives encrypted (AES-256-GCM, the document id as associated data) in
-- DOCUMENTS_DIR/<id>.bin; the row holds its metadata. The original file name is a person's own
-- text (it may hold their national id), so it is kept encrypted too.
create table documents (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  type text not null check (type in ('national_id', 'passport', 'driving_license', 'education', 'address_proof')),
  name_encrypted text not null,
  file_type text not null check (file_type in ('pdf', 'jpeg', 'png')),
  file_size integer not null check (file_size > 0),
  status text not null default 'pending' check (status in ('pending', 'verified', 'rejected')),
  notes text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  reviewed_at timestamptz
);
create index documents_user_idx on documents (user_id, created_at desc);

-- The expiry sweep deletes a code's link to the national id (tokens.subject_hash). For a person
-- with an account it first records the code here, against the account, so their history stays
-- (docs/decisions/005-personal-code-history.md). Nothing here is readable without the account.
create table individual_code_links (
  user_id uuid not null references users (id) on delete cascade,
  token_id text not null references tokens (id) on delete cascade,
  linked_at timestamptz not null,
  primary key (user_id, token_id)
);
create index individual_code_links_token_idx on individual_code_links (token_id);
