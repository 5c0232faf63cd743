import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router-dom';
import { ObjektVerlauf } from '@/components/Historisch';
import { Laden } from '@/components/Laden';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { betriebQuery, standQuery, verlaufQuery } from '@/features/betrieb/api/betrieb';
import { BetriebNurLesen } from './BetriebNurLesen';

/**
 * Route /betriebsakte/:id/verlauf (auditors, rechte.verlaufLesen): every event of the operation
 * with who, when and the changed fields; 'Stand anzeigen' replays the operation up to an event
 * (?stand=<version>) and shows it read-only.
 */
export function Verlauf() {
  useDocumentTitle('Verlauf');
  const { id = '' } = useParams();
  const betrieb = useQuery(betriebQuery(id));
  const verlauf = useQuery({ ...verlaufQuery(id), enabled: !!betrieb.data?.rechte?.verlaufLesen });
  if (betrieb.isPending) return <Laden />;
  if (betrieb.data && !betrieb.data.rechte?.verlaufLesen) return <Navigate to="/unautorisiert" replace />;
  return (
    <ObjektVerlauf
      titel="Verlauf"
      beschreibung="Alle Änderungen des Betriebs mit Zeitpunkt und Urheber. Öffnen Sie eine Zeile für die geänderten Felder; „Stand anzeigen“ zeigt den Betrieb, wie er nach dieser Änderung war."
      eintraege={verlauf.data}
      aktuell={`/betriebsakte/${encodeURIComponent(id)}/betriebsdaten?modus=l`}
      standQuery={(version) => standQuery(id, version)}
      nurLesen={(x) => <BetriebNurLesen betrieb={x} />}
    />
  );
}
