// Reads the rows of the first sheet of an xlsx file (a zip of XML parts) with nothing but
// node's zlib: enough for a browser test to check what an export holds.
import { inflateRawSync } from 'node:zlib';

/** The parts of a zip by name, from its central directory (entries may use data descriptors). */
function teile(zip) {
  let ende = zip.length - 22;
  while (ende >= 0 && zip.readUInt32LE(ende) !== 0x06054b50) ende--;
  if (ende < 0) throw new Error('kein ZIP-Archiv');
  const anzahl = zip.readUInt16LE(ende + 10);
  let p = zip.readUInt32LE(ende + 16);
  const out = new Map();
  for (let i = 0; i < anzahl; i++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error('Zentralverzeichnis beschädigt');
    const methode = zip.readUInt16LE(p + 10);
    const groesse = zip.readUInt32LE(p + 20);
    const nameLaenge = zip.readUInt16LE(p + 28);
    const extraLaenge = zip.readUInt16LE(p + 30);
    const kommentarLaenge = zip.readUInt16LE(p + 32);
    const lokal = zip.readUInt32LE(p + 42);
    const name = zip.subarray(p + 46, p + 46 + nameLaenge).toString('utf8');
    const start = lokal + 30 + zip.readUInt16LE(lokal + 26) + zip.readUInt16LE(lokal + 28);
    const daten = zip.subarray(start, start + groesse);
    out.set(name, (methode === 8 ? inflateRawSync(daten) : daten).toString('utf8'));
    p += 46 + nameLaenge + extraLaenge + kommentarLaenge;
  }
  return out;
}

const entities = (s) =>
  s.replace(/&(lt|gt|quot|apos|amp);/g, (_, e) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]);

/** The rows of the first worksheet as arrays of cell texts (shared, inline and plain strings). */
export function xlsxZeilen(bytes) {
  const t = teile(bytes);
  const geteilt = [...(t.get('xl/sharedStrings.xml') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) =>
    entities([...m[1].matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((x) => x[1]).join('')),
  );
  const blatt = t.get('xl/worksheets/sheet1.xml');
  if (!blatt) throw new Error(`kein Arbeitsblatt: ${[...t.keys()].join(', ')}`);
  return [...blatt.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)].map((zeile) =>
    [...zeile[1].matchAll(/<c([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)].map(([, attr, inhalt = '']) => {
      const typ = /\st="([^"]+)"/.exec(attr)?.[1];
      const wert = /<v>([\s\S]*?)<\/v>/.exec(inhalt)?.[1];
      if (typ === 's') return geteilt[Number(wert)] ?? '';
      if (typ === 'inlineStr') return entities([...inhalt.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((x) => x[1]).join(''));
      return entities(wert ?? '');
    }),
  );
}
