-- +goose Up
-- The messages projector finds the users of an operator organisation and the staff with a
-- deciding role for every request and decision (docs/benchmarks.md, finding 6).
CREATE INDEX anwender_organisation ON anwender (organisation_id);
CREATE INDEX anwender_rollen ON anwender USING gin (funktionale_rollen);

-- +goose Down
DROP INDEX anwender_rollen;
DROP INDEX anwender_organisation;
