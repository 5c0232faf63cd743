import { useState, type FormEvent } from 'react';
import { Button } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import { FormularFuss } from '@/components/DialogFuss';
import { Auswahlfeld, useWerte } from '@/components/felder';
import { FormMeldung } from '@/components/FormField';
import { Tabellenrahmen } from '@/components/Tabellenrahmen';
import { ZeilenEditor } from '@/components/ZeilenEditor';
import { formatDate } from '@/lib/format';
import { istPflichtfeld, MSG_MINDESTENS_EINE_AUFLAGE, pruefeAuflage, type AuflageWerte, type BescheidFehler } from './werte';

export const AUFLAGEN_TITEL = 'Auflagen';
export const AUFLAGEN_HINZUFUEGEN = 'Auflagen hinzufügen';

type Zeile = { art: string; beschreibung: string; fristdatum: string };
const LEERE_ZEILE: Zeile = { art: '', beschreibung: '', fristdatum: '' };

export interface AuflagenReiterProps {
  auflagen: AuflageWerte[];
  onChange: (a: AuflageWerte[]) => void;
  /** The operation's plants: value = id, label = Bezeichnung. */
  anlagen: { value: string; label: string }[];
  gesperrt: boolean;
  fehler: BescheidFehler;
  /** Asked before an Auflage goes ('Entfernen bestätigen'). */
  vorDemEntfernen: (was: string) => Promise<boolean>;
}

/**
 * The tab 'Auflagen' (spec 001 §2.1): the Bescheid's conditions as a table; 'Auflagen
 * hinzufügen' and a row's 'Bearbeiten' open the Auflagen dialog, which edits the conditions of
 * one Abwasseranlage as rows (docs/decisions.md); 'Entfernen' takes one away.
 */
export function AuflagenReiter({ auflagen, onChange, anlagen, gesperrt, fehler, vorDemEntfernen }: AuflagenReiterProps) {
  // the plant the dialog edits ('' a new one), or null: closed
  const [dialog, setDialog] = useState<{ anlage: string } | null>(null);
  const anlageName = (id: string) => anlagen.find((a) => a.value === id)?.label ?? id;
  const entfernen = async (i: number) => {
    if (!(await vorDemEntfernen(`die Auflage ${i + 1}`))) return;
    onChange(auflagen.filter((_, j) => j !== i));
  };
  const uebernehmen = (anlage: string, vorher: string, zeilen: Zeile[]) => {
    const neu = zeilen.map((z) => ({ abwasseranlage: anlage, ...z }));
    const erste = vorher ? auflagen.findIndex((a) => a.abwasseranlage === vorher) : -1;
    const rest = auflagen.filter((a) => !vorher || a.abwasseranlage !== vorher);
    const ziel = erste < 0 ? rest.length : auflagen.slice(0, erste).filter((a) => a.abwasseranlage !== vorher).length;
    onChange([...rest.slice(0, ziel), ...neu, ...rest.slice(ziel)]);
    setDialog(null);
  };
  const zeilenFehler = (i: number) =>
    Object.entries(fehler)
      .filter(([k, v]) => v && k.startsWith(`auflagen[${i}].`))
      .map(([k, v]) => `${k.slice(k.indexOf('.') + 1)}: ${v}`);
  return (
    <div className="space-y-3">
      {fehler.auflagen && <FormMeldung>{fehler.auflagen}</FormMeldung>}
      {auflagen.length === 0 ? (
        <p className="text-sm text-gray-700">Keine Einträge vorhanden</p>
      ) : (
        <Tabellenrahmen label={AUFLAGEN_TITEL}>
          <table className="w-full border-collapse text-sm" data-testid="auflagen">
            <caption className="sr-only">{AUFLAGEN_TITEL}</caption>
            <thead>
              <tr className="border-b border-gray-300 text-left">
                <th scope="col" className="px-2 py-1 font-medium">Abwasseranlage</th>
                <th scope="col" className="px-2 py-1 font-medium">Art</th>
                <th scope="col" className="px-2 py-1 font-medium">Beschreibung</th>
                <th scope="col" className="px-2 py-1 font-medium">Fristdatum</th>
                <th scope="col" className="px-2 py-1">
                  <span className="sr-only">Aktionen</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {auflagen.map((a, i) => {
                const f = zeilenFehler(i);
                return (
                  <tr key={i} className="border-b border-gray-200 align-top">
                    <td className="px-2 py-1">{anlageName(a.abwasseranlage)}</td>
                    <td className="px-2 py-1">{a.art}</td>
                    <td className="px-2 py-1 whitespace-pre-wrap">
                      {a.beschreibung}
                      {f.length > 0 && <p className="mt-1 text-xs text-red-800" data-feld={`auflagen[${i}]`} tabIndex={-1}>{f.join('; ')}</p>}
                    </td>
                    <td className="px-2 py-1">{formatDate(a.fristdatum) || a.fristdatum}</td>
                    <td className="px-2 py-1">
                      {!gesperrt && (
                        <span className="flex gap-1">
                          <Button variant="secondary" className="px-2 py-1 text-xs" aria-label={`Auflage ${i + 1} bearbeiten`} onClick={() => setDialog({ anlage: a.abwasseranlage })}>
                            Bearbeiten
                          </Button>
                          <Button variant="secondary" className="px-2 py-1 text-xs" aria-label={`Auflage ${i + 1} entfernen`} onClick={() => void entfernen(i)}>
                            Entfernen
                          </Button>
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Tabellenrahmen>
      )}
      {!gesperrt && (
        <Button variant="secondary" onClick={() => setDialog({ anlage: '' })}>
          {AUFLAGEN_HINZUFUEGEN}
        </Button>
      )}
      {dialog && (
        <AuflageDialog
          anlage={dialog.anlage}
          zeilen={dialog.anlage ? auflagen.filter((a) => a.abwasseranlage === dialog.anlage).map(({ art, beschreibung, fristdatum }) => ({ art, beschreibung, fristdatum })) : [{ ...LEERE_ZEILE }]}
          anlagen={anlagen}
          onUebernehmen={(anlage, zeilen) => uebernehmen(anlage, dialog.anlage, zeilen)}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}

interface AuflageDialogProps {
  anlage: string;
  zeilen: Zeile[];
  anlagen: { value: string; label: string }[];
  onUebernehmen: (anlage: string, zeilen: Zeile[]) => void;
  onClose: () => void;
}

/**
 * The Auflagen dialog (spec 001 §2.1/§5): an Abwasseranlage and its Auflagen as rows (Art,
 * Beschreibung, Fristdatum), all required; confirmed without a row it says 'Es muss mindestens
 * eine Auflage angegeben werden.'.
 */
export function AuflageDialog({ anlage: start, zeilen: startZeilen, anlagen, onUebernehmen, onClose }: AuflageDialogProps) {
  const [anlage, setAnlage] = useState(start);
  const [zeilen, setZeilen] = useState<Zeile[]>(startZeilen);
  const [fehler, setFehler] = useState<BescheidFehler>({});
  const [meldung, setMeldung] = useState<string | undefined>();
  const arten = useWerte('auflagenart');
  const formId = 'auflagen-dialog-form';
  const senden = (e: FormEvent) => {
    e.preventDefault();
    // the plant is chosen once for every row of the dialog: its error (the table's) is the dialog field's
    const f: BescheidFehler = {};
    const anlageFehler = pruefeAuflage({ ...LEERE_ZEILE, abwasseranlage: anlage }, 'x')['x.abwasseranlage'];
    if (anlageFehler) f.abwasseranlage = anlageFehler;
    zeilen.forEach((z, i) => Object.assign(f, pruefeAuflage({ ...z, abwasseranlage: anlage || 'x' }, `auflagen[${i}]`)));
    setFehler(f);
    setMeldung(zeilen.length === 0 ? MSG_MINDESTENS_EINE_AUFLAGE : undefined);
    if (zeilen.length === 0 || Object.keys(f).length > 0) return;
    onUebernehmen(anlage, zeilen);
  };
  return (
    <Dialog open title={AUFLAGEN_TITEL} onClose={onClose} width={900} footer={<FormularFuss formId={formId} onAbbrechen={onClose} label="Übernehmen" />}>
      <form id={formId} noValidate onSubmit={senden} className="space-y-4">
        <FormMeldung>{meldung}</FormMeldung>
        <Auswahlfeld label="Abwasseranlage" name="abwasseranlage" required={istPflichtfeld('auflagen[].abwasseranlage')} value={anlage} onChange={setAnlage} optionen={anlagen} error={fehler.abwasseranlage} />
        <ZeilenEditor<Zeile>
          titel={AUFLAGEN_TITEL}
          prefix="auflagen"
          zeilen={zeilen}
          onChange={(z) => {
            setZeilen(z);
            if (z.length > 0) setMeldung(undefined);
          }}
          neu={LEERE_ZEILE}
          fehler={fehler}
          spalten={[
            { key: 'art', label: 'Art', typ: 'auswahl', pflicht: istPflichtfeld('auflagen[].art'), optionen: arten.map((a) => ({ value: a, label: a })) },
            { key: 'beschreibung', label: 'Beschreibung', typ: 'textblock', pflicht: istPflichtfeld('auflagen[].beschreibung') },
            { key: 'fristdatum', label: 'Fristdatum', typ: 'datum', pflicht: istPflichtfeld('auflagen[].fristdatum') },
          ]}
        />
      </form>
    </Dialog>
  );
}
