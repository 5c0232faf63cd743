import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/Button';
import { HistorischBanner, STAND_PARAM, ZURUECK_AKTUELL } from '@/components/Historisch';
import { Laden } from '@/components/Laden';
import { VerlaufTabelle, zeitpunkt } from '@/components/Verlauf';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { anlageQuery, anlageStandQuery, anlageVerlaufQuery } from '@/features/anlage/api/anlage';
import { AnlageNurLesen } from './AnlageNurLesen';

/**
 * Route /betriebsakte/:id/:typ/:anlageid/verlauf (auditors, rechte.verlaufLesen): every event of
 * the plant with who, when and the changed fields; 'Stand anzeigen' replays the plant up to an
 * event (?stand=<version>) and shows it read-only.
 */
export function AnlageVerlauf() {
  useDocumentTitle('Verlauf der Anlage');
  const { id = '', typ = '', anlageid = '' } = useParams();
  const [params] = useSearchParams();
  const anlage = useQuery(anlageQuery(anlageid));
  const stand = params.get(STAND_PARAM);
  if (anlage.isPending) return <Laden />;
  if (anlage.data && !anlage.data.rechte?.verlaufLesen) return <Navigate to="/unautorisiert" replace />;
  const aktuell = `/betriebsakte/${encodeURIComponent(id)}/${encodeURIComponent(typ)}/${encodeURIComponent(anlageid)}/anlagendaten?modus=l`;
  return stand !== null ? (
    <Stand anlageId={anlageid} version={Number(stand)} aktuell={aktuell} />
  ) : (
    <VerlaufDerAnlage anlageId={anlageid} titel={anlage.data?.bezeichnung ?? ''} />
  );
}

function VerlaufDerAnlage({ anlageId, titel }: { anlageId: string; titel: string }) {
  const verlauf = useQuery(anlageVerlaufQuery(anlageId));
  const [, setParams] = useSearchParams();
  return (
    <section aria-labelledby="verlauf-titel" className="space-y-4">
      <h1 id="verlauf-titel" className="text-2xl font-semibold">
        Verlauf: {titel}
      </h1>
      <p className="text-sm text-gray-700">
        Alle Änderungen der Anlage mit Zeitpunkt und Urheber. Öffnen Sie eine Zeile für die geänderten Felder; „Stand anzeigen“ zeigt die
        Anlage, wie sie nach dieser Änderung war.
      </p>
      <VerlaufTabelle
        eintraege={verlauf.data ?? []}
        isLoading={verlauf.isPending}
        aktion={(e) => (
          <Button
            variant="secondary"
            className="px-2 py-1 text-xs whitespace-nowrap"
            aria-label={`Stand vom ${zeitpunkt(e.zeitpunkt)} anzeigen`}
            onClick={(ev) => {
              ev.stopPropagation();
              setParams((p) => {
                const n = new URLSearchParams(p);
                n.set(STAND_PARAM, String(e.version));
                return n;
              });
            }}
          >
            Stand anzeigen
          </Button>
        )}
      />
    </section>
  );
}

function Stand({ anlageId, version, aktuell }: { anlageId: string; version: number; aktuell: string }) {
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const stand = useQuery(anlageStandQuery(anlageId, version));
  const verlauf = useQuery(anlageVerlaufQuery(anlageId));
  const eintrag = verlauf.data?.find((e) => e.version === version);
  const zumVerlauf = () =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      n.delete(STAND_PARAM);
      return n;
    });
  return (
    <section aria-labelledby="stand-titel" className="space-y-4">
      <h1 id="stand-titel" className="text-2xl font-semibold">
        Verlauf: Stand
      </h1>
      <HistorischBanner
        aktionen={
          <>
            <Button variant="secondary" onClick={zumVerlauf}>
              Zurück zum Verlauf
            </Button>
            <Button onClick={() => navigate(aktuell)}>{ZURUECK_AKTUELL}</Button>
          </>
        }
      >
        <p className="font-semibold">Stand nach der Änderung {eintrag ? `vom ${zeitpunkt(eintrag.zeitpunkt)}` : `Nr. ${version}`}</p>
        {eintrag && (
          <p>
            {eintrag.zusammenfassung || eintrag.ereignis} – {eintrag.akteur}
          </p>
        )}
        <p>Die Daten dieses Stands sind nicht bearbeitbar.</p>
      </HistorischBanner>
      {stand.isPending ? <Laden /> : stand.data ? <AnlageNurLesen anlage={stand.data} /> : null}
    </section>
  );
}
