import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import { HinzufuegenKnopf } from '@/components/HinzufuegenKnopf';
import { DeleteConfirmDialog } from '@/components/ConfirmDialog';
import { DataTable } from '@/components/DataTable';
import { BearbeiterDialog } from './BearbeiterDialog';
import { KontaktDialog } from './KontaktDialog';
import { PersonDialog } from './PersonDialog';
import type { Kontakt, ZustaendigePerson, ZustaendigerBearbeiter } from './zustaendigkeiten';

/** The lists of the tab, named as in the operation's and the plant's data. */
export interface ZustaendigkeitenWerte {
  kontakte: Kontakt[];
  zustaendigePersonen: ZustaendigePerson[];
  zustaendigeBearbeiter: ZustaendigerBearbeiter[];
}

type Fehler = Record<string, string | undefined>;

/**
 * The actions column of a list of the tab: 'Bearbeiten' (where the row has a dialog) and
 * 'Löschen', each named with its row ('Kontakt „Erika Muster“ löschen').
 */
function aktionenSpalte<Z>({
  titel,
  bearbeiten,
  loeschen,
}: {
  titel: (z: Z) => string;
  bearbeiten?: (index: number) => void;
  loeschen: (index: number, z: Z) => void;
}): ColumnDef<Z, unknown> {
  return {
    id: 'aktionen',
    header: () => <span className="sr-only">Aktionen</span>,
    enableSorting: false,
    cell: ({ row }) => (
      <Zeilenaktionen>
        {bearbeiten && <Zeilenknopf label="Bearbeiten" name={`${titel(row.original)} bearbeiten`} onClick={() => bearbeiten(row.index)} />}
        <Zeilenknopf label="Löschen" name={`${titel(row.original)} löschen`} gefahr onClick={() => loeschen(row.index, row.original)} />
      </Zeilenaktionen>
    ),
  };
}

export interface ZustaendigkeitenReiterProps {
  werte: ZustaendigkeitenWerte;
  setze: <K extends keyof ZustaendigkeitenWerte>(feld: K, wert: ZustaendigkeitenWerte[K]) => void;
  fehler: Fehler;
  /** Kontakte and Zuständige Personen can be changed. */
  bearbeitbar: boolean;
  /** Bearbeiter can be changed (administrators, BEARBEITER_ZUORDNEN; spec 000 §6). */
  bearbeiterBearbeitbar: boolean;
  /** The operation whose operator's users can be made responsible; without: a new operation, persons are assigned once it exists. */
  betriebId?: string;
  /** What a dialog's change is saved with ('Die Änderung wird mit dem Speichern des Betriebs übernommen.'). */
  hinweis: string;
}

type Dialogzustand =
  | { art: 'kontakt'; index?: number }
  | { art: 'person'; index?: number }
  | { art: 'bearbeiter' }
  | { art: 'loeschen'; liste: 'kontakte' | 'zustaendigePersonen' | 'zustaendigeBearbeiter'; index: number; was: string }
  | null;

const FELDNAMEN: Record<string, string> = {
  anrede: 'Anrede',
  titel: 'Titel',
  vorname: 'Vorname',
  name: 'Name',
  telefon: 'Telefon',
  mobil: 'Mobil',
  email: 'E-Mail',
  funktion: 'Funktion',
  person: 'Person',
  zustaendig: 'Zuständigkeiten',
  bearbeiter: 'Bearbeiter',
};

/** The errors of the list `liste` ('kontakte[1].email' → 'Eintrag 2: E-Mail – …'), listed under its table. */
function Listenfehler({ fehler, liste, eintrag }: { fehler: Fehler; liste: string; eintrag: (i: number) => string }) {
  const re = new RegExp(`^${liste}\\[(\\d+)\\](?:\\.(\\w+))?$`);
  const zeilen = Object.entries(fehler).flatMap(([k, m]) => {
    const t = re.exec(k);
    if (!t || !m) return [];
    const feld = t[2] ? `${FELDNAMEN[t[2]] ?? t[2]}: ` : '';
    return [`${eintrag(Number(t[1]))} – ${feld}${m}`];
  });
  const gesamt = fehler[liste];
  if (zeilen.length === 0 && !gesamt) return null;
  return (
    <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-700">
      {gesamt && <li>{gesamt}</li>}
      {zeilen.map((z) => (
        <li key={z}>{z}</li>
      ))}
    </ul>
  );
}

function Abschnitt({ titel, aktion, children }: { titel: string; aktion?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={titel} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold">{titel}</h3>
        {aktion}
      </div>
      {children}
    </section>
  );
}

function Zeilenaktionen({ children }: { children: ReactNode }) {
  return <div className="flex gap-1">{children}</div>;
}

/** A row action; `name` tells which row it acts on (several rows have a 'Löschen'). */
function Zeilenknopf({ label, name, onClick, gefahr }: { label: string; name: string; onClick: () => void; gefahr?: boolean }) {
  return (
    <button
      type="button"
      aria-label={name}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
      className={`rounded border bg-white px-2 py-1 text-xs font-medium whitespace-nowrap ${
        gefahr ? 'border-red-700 text-red-800 hover:bg-red-50' : 'border-blue-800 text-blue-900 hover:bg-blue-50'
      }`}
    >
      {label}
    </button>
  );
}

const kontaktName = (k: Kontakt) => [k.titel, k.vorname, k.name].filter(Boolean).join(' ');

/** Tab 'Zuständigkeiten' of an operation or a plant: Kontakte, Zuständige Personen and Bearbeiter. */
export function ZustaendigkeitenReiter({ werte, setze, fehler, bearbeitbar, bearbeiterBearbeitbar, betriebId, hinweis }: ZustaendigkeitenReiterProps) {
  const [dialog, setDialog] = useState<Dialogzustand>(null);
  const schliessen = () => setDialog(null);

  const ersetze = <T,>(liste: T[], index: number | undefined, eintrag: T) =>
    index === undefined ? [...liste, eintrag] : liste.map((x, i) => (i === index ? eintrag : x));

  const kontaktSpalten = useMemo<ColumnDef<Kontakt, unknown>[]>(
    () => [
      { id: 'anrede', header: 'Anrede', accessorFn: (k) => k.anrede },
      { id: 'name', header: 'Name', accessorFn: kontaktName },
      { id: 'funktion', header: 'Funktion', accessorFn: (k) => k.funktion },
      { id: 'email', header: 'E-Mail', accessorFn: (k) => k.email },
      { id: 'telefon', header: 'Telefon', accessorFn: (k) => k.telefon },
      { id: 'mobil', header: 'Mobil', accessorFn: (k) => k.mobil },
      ...(bearbeitbar
        ? [
            aktionenSpalte<Kontakt>({
              titel: (k) => `Kontakt „${kontaktName(k)}“`,
              bearbeiten: (index) => setDialog({ art: 'kontakt', index }),
              loeschen: (index, k) => setDialog({ art: 'loeschen', liste: 'kontakte', index, was: `den Kontakt „${kontaktName(k)}“` }),
            }),
          ]
        : []),
    ],
    [bearbeitbar],
  );

  const personSpalten = useMemo<ColumnDef<ZustaendigePerson, unknown>[]>(
    () => [
      { id: 'person', header: 'Person', accessorFn: (p) => p.person ?? String(p.id) },
      { id: 'zustaendig', header: 'Zuständigkeiten', accessorFn: (p) => p.zustaendig.join(', ') },
      ...(bearbeitbar
        ? [
            aktionenSpalte<ZustaendigePerson>({
              titel: (p) => `Zuständige Person „${p.person ?? p.id}“`,
              bearbeiten: (index) => setDialog({ art: 'person', index }),
              loeschen: (index, p) =>
                setDialog({ art: 'loeschen', liste: 'zustaendigePersonen', index, was: `die zuständige Person „${p.person ?? p.id}“` }),
            }),
          ]
        : []),
    ],
    [bearbeitbar],
  );

  const bearbeiterSpalten = useMemo<ColumnDef<ZustaendigerBearbeiter, unknown>[]>(
    () => [
      { id: 'name', header: 'Name', accessorFn: (b) => b.name ?? '' },
      { id: 'bearbeiter', header: 'Datascout-ID', accessorFn: (b) => b.bearbeiter },
      ...(bearbeiterBearbeitbar
        ? [
            aktionenSpalte<ZustaendigerBearbeiter>({
              titel: (b) => `Bearbeiter „${b.name || b.bearbeiter}“`,
              loeschen: (index, b) =>
                setDialog({ art: 'loeschen', liste: 'zustaendigeBearbeiter', index, was: `den Bearbeiter „${b.name || b.bearbeiter}“` }),
            }),
          ]
        : []),
    ],
    [bearbeiterBearbeitbar],
  );

  return (
    <div className="space-y-8">
      <Abschnitt titel="Kontakte" aktion={
          bearbeitbar && (
            <HinzufuegenKnopf feld="kontakte" anzahl={werte.kontakte.length} onClick={() => setDialog({ art: 'kontakt' })}>
              Kontakt hinzufügen
            </HinzufuegenKnopf>
          )
        }
      >
        <DataTable<Kontakt> caption="Kontakte" captionHidden columns={kontaktSpalten} data={werte.kontakte} getRowId={(_k, i) => String(i)} />
        <Listenfehler fehler={fehler} liste="kontakte" eintrag={(i) => `Kontakt ${i + 1}${werte.kontakte[i] ? ` (${kontaktName(werte.kontakte[i])})` : ''}`} />
      </Abschnitt>

      <Abschnitt
        titel="Zuständige Personen"
        aktion={
          bearbeitbar &&
          betriebId && (
            <HinzufuegenKnopf feld="zustaendigePersonen" anzahl={werte.zustaendigePersonen.length} onClick={() => setDialog({ art: 'person' })}>
              Zuständige Person hinzufügen
            </HinzufuegenKnopf>
          )
        }
      >
        {bearbeitbar && !betriebId && (
          <p className="text-sm text-gray-700">Zuständige Personen können zugeordnet werden, sobald der Betrieb beantragt ist.</p>
        )}
        <DataTable<ZustaendigePerson>
          caption="Zuständige Personen"
          captionHidden
          columns={personSpalten}
          data={werte.zustaendigePersonen}
          getRowId={(_p, i) => String(i)}
        />
        <Listenfehler
          fehler={fehler}
          liste="zustaendigePersonen"
          eintrag={(i) => `Person ${i + 1}${werte.zustaendigePersonen[i]?.person ? ` (${werte.zustaendigePersonen[i].person})` : ''}`}
        />
      </Abschnitt>

      <Abschnitt
        titel="Bearbeiter"
        aktion={
          bearbeiterBearbeitbar && (
            <HinzufuegenKnopf
              feld="zustaendigeBearbeiter"
              anzahl={werte.zustaendigeBearbeiter.length}
              onClick={() => setDialog({ art: 'bearbeiter' })}
            >
              Bearbeiter hinzufügen
            </HinzufuegenKnopf>
          )
        }
      >
        <DataTable<ZustaendigerBearbeiter>
          caption="Bearbeiter"
          captionHidden
          columns={bearbeiterSpalten}
          data={werte.zustaendigeBearbeiter}
          getRowId={(_b, i) => String(i)}
        />
        <Listenfehler fehler={fehler} liste="zustaendigeBearbeiter" eintrag={(i) => `Bearbeiter ${i + 1}`} />
      </Abschnitt>

      {dialog?.art === 'kontakt' && (
        <KontaktDialog
          kontakt={dialog.index === undefined ? undefined : werte.kontakte[dialog.index]}
          onClose={schliessen}
          hinweis={hinweis}
          onUebernehmen={(k) => {
            setze('kontakte', ersetze(werte.kontakte, dialog.index, k));
            schliessen();
          }}
        />
      )}
      {dialog?.art === 'person' && betriebId && (
        <PersonDialog
          betriebId={betriebId}
          person={dialog.index === undefined ? undefined : werte.zustaendigePersonen[dialog.index]}
          vergeben={werte.zustaendigePersonen.map((p) => p.id)}
          onClose={schliessen}
          hinweis={hinweis}
          onUebernehmen={(p) => {
            setze('zustaendigePersonen', ersetze(werte.zustaendigePersonen, dialog.index, p));
            schliessen();
          }}
        />
      )}
      {dialog?.art === 'bearbeiter' && (
        <BearbeiterDialog
          vergeben={werte.zustaendigeBearbeiter.map((b) => b.id)}
          onClose={schliessen}
          hinweis={hinweis}
          onUebernehmen={(b) => {
            setze('zustaendigeBearbeiter', [...werte.zustaendigeBearbeiter, b]);
            schliessen();
          }}
        />
      )}
      <DeleteConfirmDialog
        open={dialog?.art === 'loeschen'}
        was={dialog?.art === 'loeschen' ? dialog.was : ''}
        onCancel={schliessen}
        onConfirm={() => {
          if (dialog?.art === 'loeschen') {
            const { liste, index } = dialog;
            if (liste === 'kontakte') setze('kontakte', werte.kontakte.filter((_, i) => i !== index));
            else if (liste === 'zustaendigePersonen') setze('zustaendigePersonen', werte.zustaendigePersonen.filter((_, i) => i !== index));
            else setze('zustaendigeBearbeiter', werte.zustaendigeBearbeiter.filter((_, i) => i !== index));
          }
          schliessen();
        }}
      />
    </div>
  );
}
