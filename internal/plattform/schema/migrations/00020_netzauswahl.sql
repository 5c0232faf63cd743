-- +goose Up
-- Whether a plant's operation is an active municipal one (approved, not shut down): the
-- receiving-plant and Drosselablauf pickers offer such operations' plants of any operator
-- (internal/anwendung/auswahl/netz.go). The plant's document writes it from its operation's row; the
-- operation's document rewrites it for all of its plants when that changes, in the same
-- transaction. The partial index walks them in the pickers' order and stops at the page.
ALTER TABLE anlage ADD COLUMN kommunal_aktiv boolean NOT NULL DEFAULT false;
UPDATE anlage a SET kommunal_aktiv = true FROM betrieb b
    WHERE b.id = a.betrieb_id AND b.betriebstyp = 'KOMMUNAL' AND b.freigabestatus = 'FREIGEGEBEN' AND b.betriebsstatus <> 'STILLGELEGT';
CREATE INDEX anlage_netzauswahl ON anlage (anlagentyp, lower(bezeichnung), id)
    WHERE kommunal_aktiv AND anlagenstatus NOT IN ('STILLGELEGT', 'ANGESCHLOSSEN_AN');
-- the operation's own plants of a type in the pickers' order (a Drosselablauf among 2,000 relief
-- plants of the operation: a walk of one page, not a sort of all)
CREATE INDEX anlage_betrieb_typ_name ON anlage (betrieb_id, anlagentyp, lower(bezeichnung), id);

-- +goose Down
DROP INDEX anlage_betrieb_typ_name;
DROP INDEX anlage_netzauswahl;
ALTER TABLE anlage DROP COLUMN kommunal_aktiv;
