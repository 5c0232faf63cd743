import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { NavLink, useParams } from 'react-router-dom';
import { Baumgruppe, Eintrag, linkClass, type Baumlage } from '@/components/akte/baum';
import { bescheideDesBetriebsQuery, offenerBescheidQuery, type BescheidImBaum } from '@/lib/akte/bescheide-des-betriebs';
import { useDarf } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { wertelisteQuery } from '@/lib/wertelisten';

// The Bescheide's section of the operation file's tree; listed in app/betriebsakte/abschnitte.tsx.

/** The label of a Bescheid in the tree: its kind and date. */
const bescheidText = (b: BescheidImBaum) => `${b.bescheidart || 'Bescheid'}${b.bescheidsdatum ? ` vom ${formatDate(b.bescheidsdatum)}` : ''}`;

/**
 * The group Bescheide of a released operation (spec 000 §2, spec 001 §2.1): the two overviews,
 * each Bescheid (segment antrag while an application) and, when open, its Bescheidsdaten,
 * Dateien, Wiedervorlagen and measuring points; in edit mode a create action per
 * Bescheidqualität for those who may create ('Bescheid anlegen', …).
 */
export function BescheidAbschnitt({ betriebId, mitId, basis, mitModus, modus, stand, freigegeben }: Baumlage) {
  const darf = useDarf();
  // the group only for a released operation (spec 000 §2/§4)
  const zeigen = mitId && freigegeben;
  const anlegen = (darf('BESCHEID_ANLEGEN') || darf('BESCHEIDSANTRAG_STELLEN')) && modus === 's' && zeigen;
  const { bescheidid } = useParams();
  const gruppeId = useId();
  const bescheide = useQuery({ ...bescheideDesBetriebsQuery(betriebId, stand), enabled: zeigen });
  const offen = useQuery({ ...offenerBescheidQuery(bescheidid ?? '', stand), enabled: zeigen && !!bescheidid && /^\d+$/.test(bescheidid) });
  const qualitaeten = useQuery({ ...wertelisteQuery('bescheidqualitaet'), enabled: anlegen, staleTime: 5 * 60_000 });
  if (!zeigen) return null;
  return (
    <Baumgruppe id={gruppeId} titel="Bescheide">
      <Eintrag to={`${basis}/bescheiduebersicht${mitModus}`}>Übersicht Bescheide/Erklärungen</Eintrag>
      <Eintrag to={`${basis}/parameteruebersicht${mitModus}`}>Übersicht Parameterwerte</Eintrag>
      {(bescheide.data ?? []).map((b) => {
        const segment = b.bescheidsstatus === 'ANGELEGT' || b.bescheidsstatus === 'BEANTRAGT' ? 'antrag' : 'bescheid';
        const pfad = `${basis}/${segment}/${b.id}`;
        const istOffen = String(b.id) === bescheidid;
        return (
          <li key={b.id}>
            <NavLink to={`${pfad}/bescheidsdaten${mitModus}`} className={linkClass}>
              {bescheidText(b)}
              {segment === 'antrag' && <span className="ml-1 text-xs">(Antrag)</span>}
            </NavLink>
            {istOffen && (
              <ul className="space-y-1 pl-3" aria-label={`${bescheidText(b)}: Ablage`}>
                <Eintrag to={`${pfad}/bescheidsdaten${mitModus}`}>Bescheidsdaten</Eintrag>
                <Eintrag to={`${pfad}/dateien${mitModus}`}>Dateien</Eintrag>
                <Eintrag to={`${pfad}/wiedervorlagen${mitModus}`}>Wiedervorlagen</Eintrag>
                {(offen.data?.messstellen ?? []).map((m) => (
                  <Eintrag key={m.id} to={`${basis}/bescheid/${b.id}/messstellen/${m.id}${mitModus}`}>
                    {m.messstellenId} {m.bezeichnung}
                  </Eintrag>
                ))}
              </ul>
            )}
          </li>
        );
      })}
      {anlegen &&
        (qualitaeten.data ?? []).map((q) => (
          <li key={q.id}>
            <NavLink to={`${basis}/bescheid/neu/bescheiddaten?qualitaet=${encodeURIComponent(q.value)}&modus=s`} className={linkClass}>
              {q.value} anlegen
            </NavLink>
          </li>
        ))}
    </Baumgruppe>
  );
}
