-- +goose Up
-- The current-state document of measuring points (internal/dokumente/messstelle), written in each
-- command's transaction. Visibility comes from the operation through betrieb_id (joined at
-- query time, as plants do: docs/decisions.md "Measuring points (issue 29): service").
-- The unique index on the number decides the race of two requests for the same number: the
-- second insert fails and its command rolls back (a German 409).
CREATE SEQUENCE messstelle_id_seq;
CREATE TABLE messstelle (
    id                bigint  PRIMARY KEY,
    anlage_id         bigint  NOT NULL,
    betrieb_id        bigint  NOT NULL,
    messstellen_id    text    NOT NULL,
    bezeichnung       text    NOT NULL,
    messstellentyp    text    NOT NULL,
    messstellenstatus text    NOT NULL,
    freigabestatus    text    NOT NULL,
    freigabe_kommentar text   NOT NULL,
    antragsteller     bigint  NOT NULL,
    letzter_beginn    text    NOT NULL,
    daten             jsonb   NOT NULL,
    version           integer NOT NULL
);
CREATE UNIQUE INDEX messstelle_messstellen_id ON messstelle (messstellen_id);
CREATE INDEX messstelle_anlage ON messstelle (anlage_id, messstellen_id);
CREATE INDEX messstelle_betrieb ON messstelle (betrieb_id, messstellen_id);
CREATE INDEX messstelle_beantragt ON messstelle (id) WHERE freigabestatus = 'BEANTRAGT';

-- +goose Down
DROP TABLE messstelle;
DROP SEQUENCE messstelle_id_seq;
