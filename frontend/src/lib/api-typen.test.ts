import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Issue 43, item 4: the shapes of the API's answers and bodies come from the API document. The
// guard is eslint.config.js's no-restricted-syntax on the files that call the API; this test
// lints sample code as such a file, so a loosened rule fails here and not only in review.

// import/no-cycle reads the imported files from disk and fails on the sample file, which is
// not there; it has nothing to say about a file's own shapes.
const eslint = new ESLint({ overrideConfig: { rules: { 'import/no-cycle': 'off' } } });

async function fehler(code: string, filePath = 'src/features/ablage/api/beispiel.ts'): Promise<string[]> {
  const [ergebnis] = await eslint.lintText(code, { filePath });
  return ergebnis.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => `${m.line}:${m.column}`);
}

const KOPF = "import { api, type Antwort, type Schema } from '@/lib/api';\n";

describe('the guard against hand-written API shapes', () => {
  it('refuses an interface, an object type and an inline answer type in a feature api file', async () => {
    expect(await fehler(`${KOPF}export interface Datei {\n  id: number;\n}\n`)).toHaveLength(1);
    expect(await fehler(`${KOPF}export type Datei = { id: number };\n`)).toHaveLength(1);
    expect(await fehler(`${KOPF}export type Zeile = Schema<'Datei'> & { extra: string };\n`)).toHaveLength(1);
    expect(await fehler(`${KOPF}export const anzahl = () => api.get<{ count: number }>('/aufgabe/count');\n`)).toHaveLength(1);
    expect(await fehler(`${KOPF}export interface LadeHochEingabe {\n  id: string;\n  daten: { bezeichnung: string };\n}\n`)).toHaveLength(1);
  });

  it('refuses them in the lib files that call the API too', async () => {
    expect(await fehler(`${KOPF}export interface Eintrag {\n  id: number;\n}\n`, 'src/lib/wertelisten.ts')).toHaveLength(1);
  });

  it("takes the document's types, a call's arguments (…Eingabe) and the one escape with its reason", async () => {
    const erlaubt = [
      `${KOPF}export type Datei = Schema<'Datei'>;\nexport type Seite = Antwort<'getAufgaben'>;\n`,
      `${KOPF}export const anzahl = () => api.get<Antwort<'getAufgabenAnzahl'>>('/aufgabe/count');\n`,
      `${KOPF}export interface LadeHochEingabe {\n  id: string;\n  daten: Schema<'DateiUpload'>;\n}\n`,
      `${KOPF}// eslint-disable-next-line no-restricted-syntax -- Frontend: the filter form's state\nexport interface Filter {\n  q: string;\n}\n`,
    ];
    for (const code of erlaubt) expect(await fehler(code), code).toEqual([]);
  });
});
