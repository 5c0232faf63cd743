-- +goose Up
-- The ids of measuring points (streams "messstelle-<id>"). The measuring point's document table
-- and its unique numbers come with the area (an earlier migration of issue 29 creates the
-- sequence too); the worklist and the scale seed need only the sequence, so it is created here
-- if it does not exist yet. The worklist's table itself is the read model's (projections/arbeitsliste).
CREATE SEQUENCE IF NOT EXISTS messstelle_id_seq;

-- +goose Down
-- The sequence belongs to the measuring point area: its own migration drops it.
SELECT 1;
