-- +goose Up
-- Throttles and mail quotas shared by every instance and kept across restarts
-- (internal/plattform/drossel). One row per key: a login key ("login:<name>@<client>"), a client
-- address ("ip:<address>") or a mail quota ("mail-an:<address>", "mail-client:<address>").
CREATE TABLE drossel (
    schluessel   text        PRIMARY KEY,
    anzahl       integer     NOT NULL, -- failures (logins) or mails sent in the window (quotas)
    frei_ab      timestamptz NOT NULL, -- next_allowed_at: no attempt before this
    geaendert_am timestamptz NOT NULL, -- updated_at
    ablauf       timestamptz NOT NULL  -- the row is forgotten (and swept) from here on
);
CREATE INDEX drossel_ablauf ON drossel (ablauf);

-- E-mail addresses are unique across accounts: the confirmed address and one awaiting
-- confirmation are both reserved here, written with the account's inline document in the
-- append's transaction, so a racing second registration fails in its append (as user names do).
CREATE TABLE anwender_email (
    email       text   PRIMARY KEY, -- lower(trim(address))
    anwender_id bigint NOT NULL REFERENCES anwender (id) ON DELETE CASCADE
);
CREATE INDEX anwender_email_anwender ON anwender_email (anwender_id);
-- Accounts that shared an address before (only possible through the old bug): the oldest keeps it.
INSERT INTO anwender_email (email, anwender_id)
SELECT DISTINCT ON (lower(trim(email))) lower(trim(email)), id FROM anwender WHERE trim(email) <> ''
ORDER BY lower(trim(email)), id;

-- +goose Down
DROP TABLE anwender_email;
DROP TABLE drossel;
