import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { Feldliste, ObjektVerlauf } from '@/components/Historisch';
import { Laden } from '@/components/Laden';
import { formatDate } from '@/lib/format';
import { rolleLabel } from '@/lib/rollen';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { jahresberichtQuery, jahresberichtStandQuery, jahresberichtVerlaufQuery, type Jahresbericht } from '@/features/jahresbericht/api/jahresbericht';
import { jahresberichtPfad, statustext } from '@/lib/jahresbericht';

/**
 * Route …/jahresbericht/:berichtid/verlauf: every event of the report with who, when and the
 * changed fields (the generic Verlauf); 'Stand anzeigen' shows the report as it was after an
 * event (?stand=<version>) — for auditors replaying a report.
 */
export function JahresberichtVerlauf() {
  useDocumentTitle('Verlauf des Jahresberichts');
  const { id = '', berichtid = '' } = useParams();
  const bericht = useQuery(jahresberichtQuery(berichtid));
  const verlauf = useQuery(jahresberichtVerlaufQuery(berichtid));
  if (bericht.isPending) return <Laden />;
  const b = bericht.data;
  return (
    <ObjektVerlauf
      titel={`Verlauf: Jahresbericht ${b ? `${b.jahr} ${b.anlage.bezeichnung ?? ''}` : ''}`}
      beschreibung="Alle Änderungen des Jahresberichts mit Zeitpunkt und Urheber. Öffnen Sie eine Zeile für die geänderten Felder; „Stand anzeigen“ zeigt den Jahresbericht, wie er nach dieser Änderung war."
      eintraege={verlauf.data}
      aktuell={jahresberichtPfad(id, Number(berichtid))}
      standQuery={(version) => jahresberichtStandQuery(berichtid, version)}
      nurLesen={(x: Jahresbericht) => <JahresberichtNurLesen bericht={x} />}
    />
  );
}

/** A report read-only: its fields as label and value, its parameters with their number of values. */
export function JahresberichtNurLesen({ bericht: b }: { bericht: Jahresbericht }) {
  const zeilen: [string, string | undefined][] = [
    ['Anlage', `${b.anlage.anlagenId ?? ''} ${b.anlage.bezeichnung ?? ''}`],
    ['Jahr', String(b.jahr)],
    ['Von', formatDate(b.von)],
    ['Bis', formatDate(b.bis)],
    ['Status', statustext(b.status)],
    ['Status Messwerte', statustext(b.statusMesswerte)],
    ['Status AQS', statustext(b.statusAQS)],
    ['Status externe Stoffe', statustext(b.statusExterne)],
    ['Kanalzustand/Sanierung', statustext(b.kanalzustand)],
    ['Durchflussprüfung an', statustext(b.durchflusspruefung)],
    ['Bemerkung', b.bemerkung],
    ['Eingereicht von', b.eingereichtVon ? `${b.eingereichtVon.person?.name ?? ''} (${rolleLabel(b.eingereichtVon.funktionaleRolle ?? '')})` : undefined],
    ['Kommentar', b.kommentar],
    ['Parameter', (b.parameter ?? []).map((p) => `${p.parameterName || p.parameterNr}: ${p.anzahlWerte ?? 0} Werte${p.mittelwert ? `, Mittel ${p.mittelwert}` : ''}`).join('; ')],
  ];
  return <Feldliste zeilen={zeilen} />;
}
