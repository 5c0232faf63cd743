import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { FormField, inputClass } from '../../../components/FormField';
import { Laden } from '../../../components/Laden';
import { speichereDatei } from '../../../lib/download';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { abfragenQuery, exportiereAbfrage, type Abfrage } from '../api/abfragen';

/** The server offers only the queries the user's roles may run, over what the user may see. */
export const HINWEIS_SICHT =
  'Angeboten werden die Abfragen, die Ihre Rolle ausführen darf; sie enthalten nur Betriebe, die Sie sehen dürfen.';

/** The Filter choice of queries without a filter. */
export const OHNE_FILTER = 'Ohne Filter';

const filterVon = (a: Abfrage) => a.filter ?? '';
/** Each value once, in the order of the server's list (the order the dropdowns show). */
const eindeutig = (werte: string[]) => [...new Set(werte)];

/** The three dependent choices: Filter depends on Kategorie, Abfrage on both. */
export function auswahl(abfragen: readonly Abfrage[], kategorie: string, filter: string | null) {
  const kategorien = eindeutig(abfragen.map((a) => a.kategorie));
  const inKategorie = abfragen.filter((a) => a.kategorie === kategorie);
  const filter_ = eindeutig(inKategorie.map(filterVon));
  const passend = filter === null ? [] : inKategorie.filter((a) => filterVon(a) === filter);
  return { kategorien, filter: filter_, abfragen: passend };
}

/** /auswertung (spec 002 §2 "Query export"): Kategorie, Filter, Abfrage and 'Excel-Export'. */
export function Auswertung() {
  useDocumentTitle('Auswertung');
  const abfragen = useQuery(abfragenQuery());
  const [kategorie, setKategorie] = useState('');
  const [filter, setFilter] = useState<string | null>(null);
  const [abfrageId, setAbfrageId] = useState('');

  const optionen = useMemo(() => auswahl(abfragen.data ?? [], kategorie, filter), [abfragen.data, kategorie, filter]);
  const abfrage = optionen.abfragen.find((a) => String(a.id) === abfrageId);

  const exportieren = useMutation({
    mutationFn: exportiereAbfrage,
    onSuccess: (datei) => speichereDatei(datei, `${abfrage?.abfrageBez ?? 'Auswertung'}.xlsx`),
  });

  const waehleKategorie = (k: string) => {
    setKategorie(k);
    // a category with one filter needs no second choice
    const f = auswahl(abfragen.data ?? [], k, null).filter;
    setFilter(f.length === 1 ? f[0] : null);
    setAbfrageId('');
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (abfrage) exportieren.mutate(abfrage.id);
  };

  return (
    <section aria-labelledby="auswertung-titel" className="space-y-4">
      <h1 id="auswertung-titel" className="text-2xl font-semibold">
        Auswertung
      </h1>
      <p className="text-sm text-gray-700">{HINWEIS_SICHT}</p>
      {abfragen.isPending ? (
        <Laden />
      ) : (
        <form
          onSubmit={onSubmit}
          aria-label="Auswertung"
          className="grid max-w-3xl grid-cols-1 gap-4 rounded border border-gray-300 bg-gray-50 p-5 sm:grid-cols-3"
        >
          <FormField label="Kategorie">
            <select name="kategorie" className={inputClass} value={kategorie} onChange={(e) => waehleKategorie(e.target.value)}>
              <option value="">Bitte auswählen</option>
              {optionen.kategorien.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Filter">
            <select
              name="filter"
              className={inputClass}
              disabled={!kategorie}
              value={filter === null ? '__keiner' : filter}
              onChange={(e) => {
                setFilter(e.target.value === '__keiner' ? null : e.target.value);
                setAbfrageId('');
              }}
            >
              <option value="__keiner">Bitte auswählen</option>
              {optionen.filter.map((f) => (
                <option key={f} value={f}>
                  {f || OHNE_FILTER}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Abfrage">
            <select
              name="abfrage"
              className={inputClass}
              disabled={filter === null}
              value={abfrageId}
              onChange={(e) => setAbfrageId(e.target.value)}
            >
              <option value="">Bitte auswählen</option>
              {optionen.abfragen.map((a) => (
                <option key={a.id} value={String(a.id)}>
                  {a.abfrageBez}
                </option>
              ))}
            </select>
          </FormField>
          <div className="sm:col-span-3">
            <Button type="submit" disabled={!abfrage || exportieren.isPending}>
              Excel-Export
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
