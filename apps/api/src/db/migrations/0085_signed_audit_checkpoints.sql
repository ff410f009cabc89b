-- Locks: new tables only.
-- Signed audit checkpoints (docs/decisions/008-signed-audit-checkpoints.md).
-- A background job appends the audit rows to one Merkle tree
-- (RFC 9162) after they are committed, so the hot path writes nothing more.

-- The tree: its size, moved by the job under this row's lock (one appender at a time).
create table audit_tree_state (
  singleton boolean primary key default true check (singleton),
  tree_size bigint not null
);
insert into audit_tree_state (singleton, tree_size) values (true, 0);

-- The tree's hashes as tiles (C2SP tlog-tiles): the tile (level, idx) holds up to 256 hashes of
-- tree level 8 * level, nodes idx * 256 onwards, left to right (32 bytes each). Level 0 holds the
-- leaf hashes. A tile is rewritten while it fills, then never again. A proof reads about two
-- tiles per level: 3 levels cover 16 million leaves.
create table audit_tree_tiles (
  level smallint not null,
  idx bigint not null,
  hashes bytea not null,
  primary key (level, idx)
);

-- Which audit rows the leaves are: each pass appends each chain's new rows in sequence order, so
-- one row here maps a run of a chain's rows to a run of leaves. No foreign key: a leaf stays in
-- the tree whatever happens to its row (a changed or removed row then fails its proof).
create table audit_tree_ranges (
  organization_id uuid not null,
  shard integer not null,
  first_seq bigint not null,
  last_seq bigint not null,
  first_leaf bigint not null,
  primary key (organization_id, shard, first_seq)
);

-- How far the job has appended each audit chain (missing: from its start).
create table audit_tree_cursors (
  organization_id uuid not null,
  shard integer not null,
  last_seq bigint not null,
  primary key (organization_id, shard)
);

-- The signed checkpoints (C2SP tlog-checkpoint in a signed note), numbered from 1.
create table audit_checkpoints (
  id bigint primary key,
  tree_size bigint not null,
  root_hash bytea not null,
  key_id text not null,
  note text not null,
  created_at timestamptz not null
);
create index audit_checkpoints_size_idx on audit_checkpoints (tree_size);

-- Every key that has signed a checkpoint, published at /.well-known/tanqin-audit-keys for good:
-- a rotated key stays, so its checkpoints stay verifiable.
create table audit_signing_keys (
  key_id text primary key,
  note_verifier text not null unique,
  public_key text not null,
  first_used_at timestamptz not null
);
