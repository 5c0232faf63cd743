-- +goose Up
-- Value-list entries carry an identifier (fixed enumerations such as betriebstyp) and extra
-- columns (selbstueberwachungVorlage flags, entlastungstyp → entlastungssysteme, …).
-- wert_normiert is the value as it must be unique within its list (trimmed, lower case; set
-- by the inline projection), so a racing second save of the same value fails in its append.
ALTER TABLE werteliste_eintrag
    ADD COLUMN schluessel    text,
    ADD COLUMN extras        jsonb NOT NULL DEFAULT '{}',
    ADD COLUMN wert_normiert text;
UPDATE werteliste_eintrag SET wert_normiert = lower(btrim(wert));
ALTER TABLE werteliste_eintrag ALTER COLUMN wert_normiert SET NOT NULL;
CREATE UNIQUE INDEX werteliste_eintrag_wert_eindeutig ON werteliste_eintrag (liste, wert_normiert);
CREATE UNIQUE INDEX werteliste_eintrag_schluessel_eindeutig ON werteliste_eintrag (liste, schluessel)
    WHERE schluessel IS NOT NULL;
-- Reference checks ask "does any entry's extra column contain this id" (extras @> …).
CREATE INDEX werteliste_eintrag_extras ON werteliste_eintrag USING gin (extras jsonb_path_ops);

-- +goose Down
DROP INDEX werteliste_eintrag_extras;
DROP INDEX werteliste_eintrag_schluessel_eindeutig;
DROP INDEX werteliste_eintrag_wert_eindeutig;
ALTER TABLE werteliste_eintrag DROP COLUMN wert_normiert, DROP COLUMN extras, DROP COLUMN schluessel;
