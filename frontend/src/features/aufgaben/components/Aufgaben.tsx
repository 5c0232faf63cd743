import { useQuery } from '@tanstack/react-query';
import type { ColumnDef, PaginationState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DataTable } from '@/components/DataTable';
import { useDarf, useMe, type Aktion } from '@/lib/auth';
import { formatDate, formatDateTimeMinutes } from '@/lib/format';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { aufgabenAnzahlQuery, aufgabenQuery, type Aufgabe, type Aufgabenart, type Aufgabenstatus } from '@/features/aufgaben/api/aufgaben';

/** What each kind of task is called, and the action whose holders decide it (the server's table). */
export const ARTEN: Record<Aufgabenart, { label: string; entscheiden: string; aktion: Aktion }> = {
  BETRIEB_FREIGABE: { label: 'Freigabe des Betriebs', entscheiden: 'Freigabe bearbeiten', aktion: 'BETRIEB_FREIGEBEN' },
  MESSSTELLE_FREIGABE: { label: 'Freigabe der Messstelle', entscheiden: 'Freigabe bearbeiten', aktion: 'MESSSTELLE_FREIGEBEN' },
  STAMMDATENANTRAG: { label: 'Stammdatenänderungsantrag', entscheiden: 'Stammdatenänderungsantrag prüfen', aktion: 'AENDERUNGSANTRAG_PRUEFEN' },
  ANLAGE_AENDERUNGSANTRAG: { label: 'Änderungsantrag der Anlage', entscheiden: 'Änderungsantrag prüfen', aktion: 'AENDERUNGSANTRAG_PRUEFEN' },
  // BESCHEID_ANLEGEN joins lib/auth's Aktion with the Bescheid screens (issue 30)
  BESCHEIDSANTRAG: { label: 'Bescheidsantrag', entscheiden: 'Bescheidsantrag bearbeiten', aktion: 'BESCHEID_ANLEGEN' },
  // a submitted annual report (issue 31): its Plausibilisierung
  JAHRESBERICHT: { label: 'Jahresbericht', entscheiden: 'Plausibilisierung abschließen', aktion: 'JAHRESBERICHT_PLAUSIBILISIEREN' },
};

export const STATUS: Record<Aufgabenstatus, string> = {
  OFFEN: 'Offen',
  FREIGEGEBEN: 'Freigegeben',
  ABGEWIESEN: 'Abgewiesen',
  UEBERNOMMEN: 'Übernommen',
  ABGELEHNT: 'Abgelehnt',
  GELOESCHT: 'Gelöscht',
};

const STATUS_FARBE: Record<Aufgabenstatus, string> = {
  OFFEN: 'border-amber-700 bg-amber-50 text-amber-900',
  FREIGEGEBEN: 'border-green-700 bg-green-50 text-green-900',
  UEBERNOMMEN: 'border-green-700 bg-green-50 text-green-900',
  ABGEWIESEN: 'border-red-700 bg-red-50 text-red-900',
  ABGELEHNT: 'border-red-700 bg-red-50 text-red-900',
  GELOESCHT: 'border-gray-700 bg-gray-50 text-gray-900',
};

export const KEINE_OFFENEN = 'Keine offenen Aufgaben.';
export const KEINE_ANTRAEGE = 'Ihre Organisation hat keine Anträge gestellt.';

/**
 * Where a task leads: an open one the caller decides opens its decision (the operation file
 * with the Freigabe dialog or the review of the Stammdaten-Antrag, the plant with the review of
 * its change request), any other the object it is about.
 */
export function aufgabePfad(a: Aufgabe, entscheiden: boolean): string {
  if (istMessstelle(a)) {
    // the point's screen below its plant; without the plant the file's route messstellen/{id} finds it
    const unter = a.anlageId && a.anlagentyp ? `${a.anlagentyp.toLowerCase()}/${a.anlageId}/` : '';
    const messstelle = `/betriebsakte/${a.betriebId}/${unter}messstellen/${a.objektId}${unter ? '/messstellendaten' : ''}?modus=l`;
    return entscheiden ? `${messstelle}&freigabe=true` : messstelle;
  }
  if (a.art === 'BESCHEIDSANTRAG') {
    // an application's path says antrag (spec 001 §2.1); taken into work it is the authority's
    // Bescheid; a deleted one leaves the operation's file
    if (a.status === 'GELOESCHT') return `/betriebsakte/${a.betriebId}/betriebsdaten?modus=l`;
    const segment = a.status === 'UEBERNOMMEN' ? 'bescheid' : 'antrag';
    return `/betriebsakte/${a.betriebId}/${segment}/${a.objektId}/bescheidsdaten?modus=${entscheiden ? 's' : 'l'}`;
  }
  // an annual report (issue 31): its Jahresdaten, where 'Plausibilisierung abschließen' decides it
  if (a.art === 'JAHRESBERICHT') return `/betriebsakte/${a.betriebId}/jahresbericht/${a.objektId}/jahresberichtdaten?modus=l`;
  if (a.art === 'ANLAGE_AENDERUNGSANTRAG') {
    const anlage = `/betriebsakte/${a.betriebId}/${a.objekttyp.toLowerCase()}/${a.objektId}/anlagendaten?modus=l`;
    return entscheiden ? `${anlage}&aenderungsantrag=true` : anlage;
  }
  const basis = `/betriebsakte/${a.betriebId}/betriebsdaten?modus=l`;
  if (!entscheiden) return basis;
  return a.art === 'BETRIEB_FREIGABE' ? `${basis}&freigabe=true` : `${basis}&stammdatenAntrag=true`;
}

const link = 'text-blue-800 underline hover:text-blue-950';

/** A task about a measuring point (its Freigabe): objekt names the point, not a plant. */
const istMessstelle = (a: Aufgabe) => a.art === 'MESSSTELLE_FREIGABE';
/** What the task is about, as the table and the link's name say it. */
const objektText = (a: Aufgabe) =>
  a.objekt
    ? a.art === 'JAHRESBERICHT'
      ? a.objekt
      : `${istMessstelle(a) ? 'Messstelle' : a.art === 'BESCHEIDSANTRAG' ? 'Bescheid' : 'Anlage'} ${a.objekt}`
    : a.betrieb;

/**
 * Route /aufgaben (issue 14, beyond the spec): the open applications that wait for the caller —
 * each one click from its decision — or, for the operator side, its organisation's
 * applications and their state. The server decides who sees which task.
 */
export function Aufgaben() {
  useDocumentTitle('Aufgaben');
  const navigate = useNavigate();
  const darf = useDarf();
  const me = useMe();
  const betreiberseite = me.data?.globaleRolle === 'ORGANISATION';
  const [seite, setSeite] = useState<PaginationState>({ pageIndex: 0, pageSize: 25 });
  const liste = useQuery(aufgabenQuery({ page: seite.pageIndex, size: seite.pageSize }));
  // the header's count: the operator side's open applications among all of them
  const anzahl = useQuery({ ...aufgabenAnzahlQuery(), enabled: betreiberseite });

  const entscheidet = useMemo(() => (a: Aufgabe) => a.status === 'OFFEN' && darf(ARTEN[a.art].aktion), [darf]);

  const columns = useMemo<ColumnDef<Aufgabe, unknown>[]>(
    () => [
      { id: 'art', header: 'Art', cell: ({ row: { original: a } }) => ARTEN[a.art]?.label ?? a.art },
      {
        id: 'objekt',
        header: 'Betrieb / Anlage / Messstelle',
        cell: ({ row: { original: a } }) => (
          <div>
            {a.objekt && <div className="font-medium">{objektText(a)}</div>}
            <div className={a.objekt ? 'text-sm text-gray-700' : 'font-medium'}>
              {a.objekt ? 'im Betrieb ' : ''}
              {a.betrieb}
            </div>
            {a.betriebsId && <div className="text-sm text-gray-700">Betriebs-Nr. {a.betriebsId}</div>}
          </div>
        ),
      },
      {
        id: 'beantragt',
        header: 'Beantragt',
        cell: ({ row: { original: a } }) => (
          <div>
            <div>{a.beantragtVon}</div>
            <div className="text-sm whitespace-nowrap text-gray-700">{formatDateTimeMinutes(a.beantragtAm)}</div>
          </div>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row: { original: a } }) => (
          <div className="space-y-1">
            <span className={`inline-block rounded border px-1.5 py-0.5 text-xs font-medium ${STATUS_FARBE[a.status] ?? ''}`}>
              {STATUS[a.status] ?? a.status}
            </span>
            {a.status !== 'OFFEN' && (
              <div className="text-sm text-gray-700">
                am {formatDate(a.entschiedenAm)} von {a.entschiedenVon}
              </div>
            )}
            {a.kommentar && (
              <div className="text-sm whitespace-pre-wrap">
                <span className="font-semibold">Kommentar:</span> {a.kommentar}
              </div>
            )}
          </div>
        ),
      },
      {
        id: 'aktion',
        header: 'Aktion',
        cell: ({ row: { original: a } }) => {
          const ja = entscheidet(a);
          const text = ja ? ARTEN[a.art].entscheiden : 'Anzeigen';
          // the name begins with the visible text and says which task (WCAG 2.5.3)
          return (
            <Link
              to={aufgabePfad(a, ja)}
              aria-label={`${text}: ${objektText(a)}`}
              className={`${link} whitespace-nowrap`}
              onClick={(e) => e.stopPropagation()}
            >
              {text}
            </Link>
          );
        },
      },
    ],
    [entscheidet],
  );

  const offen = anzahl.data?.count;
  const gesamt = liste.data?.totalElements ?? 0;

  return (
    <section aria-labelledby="aufgaben-titel" className="space-y-4">
      <h1 id="aufgaben-titel" className="text-2xl font-semibold">
        Aufgaben
      </h1>
      <p>
        {betreiberseite
          ? 'Die Anträge Ihrer Organisation und ihr Stand: offene zuerst, dann die zuletzt entschiedenen.'
          : 'Die offenen Anträge, über die Sie entscheiden – der am längsten wartende zuerst. Ein Klick führt zur Entscheidung.'}
      </p>
      {liste.isSuccess && (
        <p className="text-sm text-gray-700" aria-live="polite">
          {betreiberseite
            ? gesamt === 0
              ? KEINE_ANTRAEGE
              : `${gesamt} ${gesamt === 1 ? 'Antrag' : 'Anträge'}${offen === undefined ? '' : `, davon ${offen} offen`}.`
            : gesamt === 0
              ? KEINE_OFFENEN
              : gesamt === 1
                ? '1 offene Aufgabe.'
                : `${gesamt} offene Aufgaben.`}
        </p>
      )}
      {liste.isError && <p className="text-sm text-red-700">Die Aufgaben konnten nicht geladen werden.</p>}
      <DataTable<Aufgabe>
        caption="Aufgaben"
        captionHidden
        columns={columns}
        data={liste.data?.content ?? []}
        getRowId={(a) => String(a.id)}
        manual
        pagination={seite}
        onPaginationChange={setSeite}
        rowCount={gesamt}
        isLoading={liste.isPending}
        emptyText={betreiberseite ? KEINE_ANTRAEGE : KEINE_OFFENEN}
        onRowClick={(a) => navigate(aufgabePfad(a, entscheidet(a)))}
      />
    </section>
  );
}
