-- +goose Up
-- The current-state document of annual reports (internal/dokumente/jahresbericht), written in each
-- command's transaction; with jahresbericht_parameter it holds the whole state (the command
-- handler starts from it). The measured values of each parameter sit in their own row, which a
-- save rewrites only when they changed (pruefsumme): a report of 30 parameters with a year of
-- daily values each is not rewritten whole when one parameter is saved, and a parameter page
-- reads one row. Visibility comes from the plant's operation (joined at query time, as
-- measuring points do). The unique index keeps one report per plant and year: the second of
-- two concurrent creations fails and its command rolls back (a German 409). A deleted report
-- keeps its rows (geloescht) so that its stream's state stays whole; every read skips it.
-- Parameter ids come from anforderung_id_seq: POST/PUT/DELETE /anforderung name a Bescheid's
-- Anforderung and a report's supplementary parameter alike.
CREATE SEQUENCE jahresbericht_id_seq;
CREATE TABLE jahresbericht (
    id                bigint      PRIMARY KEY,
    anlage_id         bigint      NOT NULL,
    jahr              integer     NOT NULL,
    status            text        NOT NULL,
    eingereicht_von   bigint      NOT NULL,
    eingereicht_rolle text        NOT NULL,
    geloescht         boolean     NOT NULL,
    zustand           jsonb       NOT NULL,
    version           integer     NOT NULL,
    geaendert         timestamptz NOT NULL
);
CREATE UNIQUE INDEX jahresbericht_anlage_jahr ON jahresbericht (anlage_id, jahr) WHERE NOT geloescht;

CREATE TABLE jahresbericht_parameter (
    parameter_id     bigint PRIMARY KEY,
    jahresbericht_id bigint NOT NULL,
    messstelle_id    bigint NOT NULL,
    pruefsumme       text   NOT NULL,
    messwerte        jsonb  NOT NULL
);
CREATE INDEX jahresbericht_parameter_bericht ON jahresbericht_parameter (jahresbericht_id);

-- +goose Down
DROP TABLE jahresbericht_parameter;
DROP TABLE jahresbericht;
DROP SEQUENCE jahresbericht_id_seq;
