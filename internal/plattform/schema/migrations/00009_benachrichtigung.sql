-- +goose Up
-- Personal settings, written inline with their events (one row per user who saved some).
CREATE TABLE personalisierung (
    anwender_id                bigint  PRIMARY KEY,
    aktiv                      boolean NOT NULL DEFAULT false,
    betriebstyp                text[]  NOT NULL DEFAULT '{}',
    anlagentyp                 text[]  NOT NULL DEFAULT '{}',
    messstellentyp             text[]  NOT NULL DEFAULT '{}',
    verwaltungseinheit         bigint[] NOT NULL DEFAULT '{}',
    send_mail_nachrichten      boolean NOT NULL DEFAULT false,
    send_mail_wiedervorlage    boolean NOT NULL DEFAULT false,
    version                    integer NOT NULL
);

-- Outgoing notification mails. A row is written once per message or due reminder (the unique
-- schluessel makes a redelivered event or a rebuilt read model write nothing new) and sent by
-- the mail sender, which marks it. It lives outside every read-model schema on purpose.
CREATE TABLE mail_ausgang (
    id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    schluessel  text        NOT NULL UNIQUE,
    an          text        NOT NULL,
    betreff     text        NOT NULL,
    text        text        NOT NULL,
    pfad        text        NOT NULL DEFAULT '',
    erstellt_am timestamptz NOT NULL DEFAULT now(),
    gesendet_am timestamptz,
    versuche    integer     NOT NULL DEFAULT 0,
    fehler      text        NOT NULL DEFAULT ''
);
CREATE INDEX mail_ausgang_offen ON mail_ausgang (id) WHERE gesendet_am IS NULL;

-- +goose Down
DROP TABLE mail_ausgang;
DROP TABLE personalisierung;
