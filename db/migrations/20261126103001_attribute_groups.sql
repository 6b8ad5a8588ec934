-- The attributes of a group (the filter bar offers every accessibility attribute of a listing first):
-- a seek by group_name, not a scan of the vocabulary (docs/decisions/0031-attribute-filters.md).
CREATE INDEX attributes_group_idx ON attributes (group_name);
