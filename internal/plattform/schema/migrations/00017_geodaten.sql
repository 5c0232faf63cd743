-- +goose Up
-- Geodata of issue 29 (measuring points): the three area layers the spatial lookups ask —
-- administrative units (Gemeinden, amtlicher Gemeindeschlüssel), surface water bodies
-- (Oberflächenwasserkörper, as the areas draining to them) and sub-catchments
-- (Teileinzugsgebiete). Reference data, not events: loaded by `eabwasser geodaten import`
-- (official layers) or the demo seed (internal/plattform/geodaten/beispiel), replaced as a whole layer.
-- Geometries are MultiPolygons in ETRS89 / UTM zone 32N (EPSG:25832), the CRS of every
-- Lage in the application; a GiST index per layer serves the point-in-polygon lookups and
-- the map's bbox queries. (00016 is left to the other migration of issue 29.)
CREATE EXTENSION IF NOT EXISTS postgis;

CREATE TABLE verwaltungseinheit (
    kennung     text PRIMARY KEY CHECK (kennung ~ '^[0-9]{8}$'),
    bezeichnung text NOT NULL CHECK (char_length(bezeichnung) BETWEEN 1 AND 255),
    geometrie   geometry(MultiPolygon, 25832) NOT NULL
);
CREATE INDEX verwaltungseinheit_geometrie ON verwaltungseinheit USING gist (geometrie);

CREATE TABLE wasserkoerper (
    kennung     text PRIMARY KEY CHECK (char_length(kennung) BETWEEN 1 AND 64),
    bezeichnung text NOT NULL CHECK (char_length(bezeichnung) BETWEEN 1 AND 255),
    geometrie   geometry(MultiPolygon, 25832) NOT NULL
);
CREATE INDEX wasserkoerper_geometrie ON wasserkoerper USING gist (geometrie);

CREATE TABLE einzugsgebiet (
    kennung     text PRIMARY KEY CHECK (char_length(kennung) BETWEEN 1 AND 64),
    bezeichnung text NOT NULL CHECK (char_length(bezeichnung) BETWEEN 1 AND 255),
    geometrie   geometry(MultiPolygon, 25832) NOT NULL
);
CREATE INDEX einzugsgebiet_geometrie ON einzugsgebiet USING gist (geometrie);

-- +goose Down
DROP TABLE IF EXISTS einzugsgebiet;
DROP TABLE IF EXISTS wasserkoerper;
DROP TABLE IF EXISTS verwaltungseinheit;
DROP EXTENSION IF EXISTS postgis;
