import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { NavLink, useParams } from 'react-router-dom';
import { Baumgruppe, Eintrag, linkClass, type Baumlage } from '@/components/akte/baum';
import { berichteImBaumQuery, offenerBerichtQuery, type BerichtImBaum } from '@/lib/akte/jahresberichte-des-betriebs';
import { useSuevoa } from '@/lib/jahresbericht';

// The annual reports' section of the operation file's tree; listed in app/betriebsakte/abschnitte.tsx.

/**
 * The group Jahresberichte (spec 001 §2.6; only when the annual-report feature is on): the
 * Übersicht, then per plant and year the report's Jahresdaten and, when it is open, the
 * Messwerte of each measuring point the report year lists.
 */
export function JahresberichtAbschnitt({ betriebId, mitId, basis, mitModus, stand }: Baumlage) {
  // only when the annual-report feature is on
  const zeigen = useSuevoa() && mitId;
  const { berichtid } = useParams();
  const gruppeId = useId();
  // the reports have no view of the past: as of a date only the group's overviews (which say so)
  const berichte = useQuery({ ...berichteImBaumQuery(betriebId), enabled: zeigen && !stand });
  const offen = useQuery({ ...offenerBerichtQuery(berichtid ?? ''), enabled: zeigen && !!berichtid && /^\d+$/.test(berichtid) });
  const anlagen = new Map<number, { name: string; berichte: BerichtImBaum[] }>();
  for (const b of stand ? [] : (berichte.data ?? [])) {
    const a = anlagen.get(b.anlageId ?? 0) ?? { name: `${b.anlagenId ?? ''} ${b.anlageBezeichnung ?? ''}`.trim(), berichte: [] };
    a.berichte.push(b);
    anlagen.set(b.anlageId ?? 0, a);
  }
  if (!zeigen) return null;
  return (
    <Baumgruppe id={gruppeId} titel="Jahresberichte">
      <Eintrag to={`${basis}/jahresbericht/uebersicht${mitModus}`}>Übersicht</Eintrag>
      <Eintrag to={`${basis}/jahresbericht/ueberschreitungen${mitModus}`}>Überschreitungen</Eintrag>
      {[...anlagen.entries()].map(([anlageId, a]) => (
        <li key={anlageId}>
          <p className="px-2 text-sm text-gray-800">{a.name}</p>
          <ul className="space-y-1 pl-3" aria-label={`Jahresberichte ${a.name}`}>
            {[...a.berichte]
              .sort((x, y) => (y.jahr ?? 0) - (x.jahr ?? 0))
              .map((b) => (
                <li key={b.id}>
                  <NavLink to={`${basis}/jahresbericht/${b.id}/jahresberichtdaten${mitModus}`} className={linkClass}>
                    {b.jahr}
                  </NavLink>
                  {String(b.id) === berichtid && (
                    <ul className="space-y-1 pl-3" aria-label={`Jahresbericht ${b.jahr}`}>
                      <Eintrag to={`${basis}/jahresbericht/${b.id}/jahresberichtdaten${mitModus}`}>Jahresdaten</Eintrag>
                      <Eintrag to={`${basis}/jahresbericht/${b.id}/dateien${mitModus}`}>Dateien</Eintrag>
                      <Eintrag to={`${basis}/jahresbericht/${b.id}/wiedervorlagen${mitModus}`}>Wiedervorlagen</Eintrag>
                      {(offen.data?.messstellen ?? []).map((m) => (
                        <Eintrag key={m.id} to={`${basis}/jahresbericht/${b.id}/messstelle/${m.id}${mitModus}`}>
                          Messwerte {m.messstellenId} {m.bezeichnung}
                        </Eintrag>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
          </ul>
        </li>
      ))}
    </Baumgruppe>
  );
}
