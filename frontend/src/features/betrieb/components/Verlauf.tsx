import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/Button';
import { Laden } from '@/components/Laden';
import { VerlaufTabelle, zeitpunkt } from '@/components/Verlauf';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { betriebQuery, standQuery, verlaufQuery } from '@/features/betrieb/api/betrieb';
import { BetriebNurLesen, HistorischBanner } from './BetriebNurLesen';
import { ZURUECK_AKTUELL } from './Betriebsdaten';
import { STAND_PARAM } from './parameter';

/**
 * Route /betriebsakte/:id/verlauf (auditors, rechte.verlaufLesen): every event of the operation
 * with who, when and the changed fields; 'Stand anzeigen' replays the operation up to an event
 * (?stand=<version>) and shows it read-only.
 */
export function Verlauf() {
  useDocumentTitle('Verlauf');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const betrieb = useQuery(betriebQuery(id));
  const stand = params.get(STAND_PARAM);
  if (betrieb.isPending) return <Laden />;
  if (betrieb.data && !betrieb.data.rechte?.verlaufLesen) return <Navigate to="/unautorisiert" replace />;
  return stand !== null ? <Stand id={id} version={Number(stand)} /> : <VerlaufDesBetriebs id={id} />;
}

function VerlaufDesBetriebs({ id }: { id: string }) {
  const verlauf = useQuery(verlaufQuery(id));
  const [, setParams] = useSearchParams();
  return (
    <section aria-labelledby="verlauf-titel" className="space-y-4">
      <h1 id="verlauf-titel" className="text-2xl font-semibold">
        Verlauf
      </h1>
      <p className="text-sm text-gray-700">
        Alle Änderungen des Betriebs mit Zeitpunkt und Urheber. Öffnen Sie eine Zeile für die geänderten Felder; „Stand anzeigen“
        zeigt den Betrieb, wie er nach dieser Änderung war.
      </p>
      <VerlaufTabelle
        eintraege={verlauf.data ?? []}
        isLoading={verlauf.isPending}
        aktion={(e) => (
          <Button
            variant="secondary"
            className="px-2 py-1 text-xs whitespace-nowrap"
            onClick={(ev) => {
              ev.stopPropagation();
              setParams((p) => {
                const n = new URLSearchParams(p);
                n.set(STAND_PARAM, String(e.version));
                return n;
              });
            }}
          >
            Stand anzeigen <span className="sr-only">(vom {zeitpunkt(e.zeitpunkt)})</span>
          </Button>
        )}
      />
    </section>
  );
}

function Stand({ id, version }: { id: string; version: number }) {
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const stand = useQuery(standQuery(id, version));
  const verlauf = useQuery(verlaufQuery(id));
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
            <Button onClick={() => navigate(`/betriebsakte/${encodeURIComponent(id)}/betriebsdaten?modus=l`)}>{ZURUECK_AKTUELL}</Button>
          </>
        }
      >
        <p className="font-semibold">
          Stand nach der Änderung {eintrag ? `vom ${zeitpunkt(eintrag.zeitpunkt)}` : `Nr. ${version}`}
        </p>
        {eintrag && (
          <p>
            {eintrag.zusammenfassung || eintrag.ereignis} – {eintrag.akteur}
          </p>
        )}
        <p>Die Daten dieses Stands sind nicht bearbeitbar.</p>
      </HistorischBanner>
      {stand.isPending ? <Laden /> : stand.data ? <BetriebNurLesen betrieb={stand.data} /> : null}
    </section>
  );
}
