import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NavLink, useParams } from 'react-router-dom';
import { Baumgruppe, Eintrag, linkClass, type Baumlage } from '@/components/akte/baum';
import { useDarf } from '@/lib/auth';
import { anlagenDesBetriebsQuery, type AnlagenZeile } from '@/lib/akte/anlagen-des-betriebs';
import { messstellenDesBetriebsQuery, type MessstellenZeile } from '@/lib/akte/messstellen-des-betriebs';

// The plants' sections of the operation file's tree (spec 000 §2): the group Anlagen with
// 'Anlage anlegen', and the group Misch-/Niederschlagswasser of the relief plants; below the open
// plant its pages and its measuring points. Listed in app/betriebsakte/abschnitte.tsx.

// Verbatim hint of spec 000 §4; the second one is ours (plants are created in edit mode, §6).
export const HINWEIS_NICHT_FREIGEGEBEN = 'Das Anlegen ist erst möglich, wenn der Betrieb freigegeben ist.';
export const HINWEIS_BEARBEITUNGSMODUS = 'Anlagen legen Sie im Bearbeitungsmodus an.';

/** The plant types of the create menu, with their path segment (spec 000 §7). */
const ANLAGENTYPEN = [
  { pfad: 'abwasserbehandlung', label: 'Abwasserbehandlungsanlage' },
  { pfad: 'kuehlwasser', label: 'Kühlwasseranlage' },
  { pfad: 'entlastung', label: 'Entlastungsanlage' },
  { pfad: 'kanalnetz', label: 'Kanalnetz' },
];

/** The operation's plants and, once a plant is open, its measuring points (one query each, shared by both sections). */
function useAnlagenImBaum({ betriebId, mitId, stand }: Baumlage) {
  const { anlageid } = useParams();
  const anlagen = useQuery({ ...anlagenDesBetriebsQuery(betriebId, { stand }), enabled: mitId });
  const messstellen = useQuery({ ...messstellenDesBetriebsQuery(betriebId, stand), enabled: mitId && !!anlageid });
  return { anlagen: anlagen.data ?? [], messstellen: messstellen.data ?? [] };
}

/** The group Anlagen: the plants (relief plants aside), then 'Anlage anlegen' for those who may. */
export function AnlagenAbschnitt(lage: Baumlage) {
  const { basis, mitModus, modus, stand, freigegeben, hinweisId } = lage;
  const darf = useDarf();
  const { anlagen, messstellen } = useAnlagenImBaum(lage);
  return (
    <Baumgruppe id={`${hinweisId}-anlagen`} titel="Anlagen">
      <Anlagenbaum
      anlagen={anlagen.filter((a) => !istEntlastung(a))}
      basis={basis}
      mitModus={mitModus}
      anlegen={darf('ANLAGE_ANLEGEN') && freigegeben && modus === 's'}
      messstellen={messstellen}
      messstelleAnlegen={darf('MESSSTELLE_ANLEGEN') && freigegeben && modus === 's'}
      />
      {darf('ANLAGE_ANLEGEN') && !stand && (
      <li className="px-2">
        <AnlageAnlegen basis={basis} hinweisId={hinweisId} hinweis={!freigegeben ? HINWEIS_NICHT_FREIGEGEBEN : modus !== 's' ? HINWEIS_BEARBEITUNGSMODUS : undefined} />
      </li>
      )}
    </Baumgruppe>
  );
}

/** The group Misch-/Niederschlagswasser (an operation with a number only). */
export function EntlastungAbschnitt(lage: Baumlage) {
  const darf = useDarf();
  const { anlagen, messstellen } = useAnlagenImBaum(lage);
  if (!lage.mitId) return null;
  return (
    <Entlastungsbaum
      anlagen={anlagen.filter(istEntlastung)}
      basis={lage.basis}
      mitModus={lage.mitModus}
      hinweisId={lage.hinweisId}
      messstellen={messstellen}
      messstelleAnlegen={darf('MESSSTELLE_ANLEGEN') && lage.freigegeben && lage.modus === 's'}
    />
  );
}

/** A relief plant of the operation's top level: listed in its own group (spec 000 §2), not among the plants. */
const istEntlastung = (a: AnlagenZeile) => a.anlagentyp === 'ENTLASTUNG' && !a.parentanlageid;

/** How many relief plants the tree lists; the overview lists them all. */
export const ENTLASTUNGEN_IM_BAUM = 50;

/**
 * The group Misch-/Niederschlagswasser (spec 000 §2): the overview at entlastung/uebersicht,
 * then the relief plants (the first ENTLASTUNGEN_IM_BAUM by name, and the open one).
 */
function Entlastungsbaum({
  anlagen,
  basis,
  mitModus,
  hinweisId,
  messstellen,
  messstelleAnlegen,
}: Pick<AnlagenbaumProps, 'anlagen' | 'basis' | 'mitModus' | 'messstellen' | 'messstelleAnlegen'> & { hinweisId: string }) {
  const { anlageid } = useParams();
  const imBaum = anlagen.filter((a, i) => i < ENTLASTUNGEN_IM_BAUM || String(a.id) === anlageid);
  return (
    <Baumgruppe id={`${hinweisId}-entlastung`} titel="Misch-/Niederschlagswasser">
      <Eintrag to={`${basis}/entlastung/uebersicht${mitModus}`}>Übersicht ({anlagen.length})</Eintrag>
      {imBaum.length > 0 && <Anlagenbaum anlagen={imBaum} basis={basis} mitModus={mitModus} anlegen={false} messstellen={messstellen} messstelleAnlegen={messstelleAnlegen} />}
      {imBaum.length < anlagen.length && <li className="px-2 text-sm text-gray-700">{anlagen.length - imBaum.length} weitere in der Übersicht</li>}
    </Baumgruppe>
  );
}

const ausserBetrieb = (a: AnlagenZeile) => a.anlagenstatus === 'STILLGELEGT' || a.anlagenstatus === 'ANGESCHLOSSEN_AN';

interface AnlagenbaumProps {
  anlagen: AnlagenZeile[];
  basis: string;
  mitModus: string;
  /** Plants may be created here now (staff, released operation, edit mode). */
  anlegen: boolean;
  /** The measuring points of the operation (listed below the open plant). */
  messstellen: MessstellenZeile[];
  /** Measuring points may be created now (MESSSTELLE_ANLEGEN, released operation, edit mode). */
  messstelleAnlegen: boolean;
  parent?: number;
}

/**
 * The plants of the operation (spec 000 §2), sub-plants below their parent. The open plant lists
 * Anlagendaten, Dateien, Wiedervorlagen, Indirekteinleiter (when plants discharge into it),
 * Messstellen with their count and, for a treatment plant, its Kanalnetze with 'Kanalnetz
 * anlegen'. A plant that is STILLGELEGT or ANGESCHLOSSEN_AN is marked, and nothing is created below it.
 */
function Anlagenbaum({ anlagen, basis, mitModus, anlegen, messstellen, messstelleAnlegen, parent = 0 }: AnlagenbaumProps) {
  const { anlageid, messstellenid } = useParams();
  const ebene = anlagen.filter((a) => (a.parentanlageid ?? 0) === parent);
  if (parent === 0 && anlagen.length === 0) return <li className="px-2 text-sm text-gray-700">Keine Einträge vorhanden</li>;
  return (
    <>
      {ebene.map((a) => {
        const pfad = `${basis}/${(a.anlagentyp ?? '').toLowerCase()}/${a.id}`;
        const ausser = ausserBetrieb(a);
        const kinder = anlagen.filter((x) => x.parentanlageid === a.id);
        const kanalnetze = a.anlagentyp === 'ABWASSERBEHANDLUNG';
        const offen = String(a.id) === anlageid;
        const andere = kanalnetze ? kinder.filter((x) => x.anlagentyp !== 'KANALNETZ') : kinder;
        return (
          <li key={a.id}>
            <NavLink to={`${pfad}/anlagendaten${mitModus}`} className={linkClass}>
              {a.bezeichnung}
              {ausser && <span className="ml-1 text-xs">(außer Betrieb)</span>}
            </NavLink>
            {offen && (
              <ul className="space-y-1 pl-3" aria-label={`${a.bezeichnung ?? 'Anlage'}: Ablage`}>
                <Eintrag to={`${pfad}/anlagendaten${mitModus}`}>Anlagendaten</Eintrag>
                <Eintrag to={`${pfad}/dateien${mitModus}`}>Dateien</Eintrag>
                <Eintrag to={`${pfad}/wiedervorlagen${mitModus}`}>Wiedervorlagen</Eintrag>
                {(a.anzahlIndirekteinleiter ?? 0) > 0 && (
                  <Eintrag to={`${pfad}/indirekteinleiter${mitModus}`}>Indirekteinleiter ({a.anzahlIndirekteinleiter})</Eintrag>
                )}
                <Eintrag to={`${pfad}/messstellen${mitModus}`}>
                  <span data-testid="messstellen-anzahl">Messstellen ({a.anzahlMessstellen ?? 0})</span>
                </Eintrag>
                <Messstellenbaum
                  messstellen={messstellen.filter((m) => m.anlage?.id === a.id)}
                  pfad={pfad}
                  mitModus={mitModus}
                  offen={messstellenid}
                  anlegen={messstelleAnlegen && !ausser}
                  anlage={a.bezeichnung ?? 'Anlage'}
                />
              </ul>
            )}
            {kanalnetze && (offen || kinder.some((x) => x.anlagentyp === 'KANALNETZ')) && (
              <div className="pl-3">
                <p className="px-2 pt-1 text-sm font-semibold text-gray-800">Kanalnetze</p>
                <ul className="space-y-1 pl-2" aria-label={`${a.bezeichnung ?? 'Anlage'}: Kanalnetze`}>
                  <li>
                    {/* the accessible name tells it from the other groups' Übersicht (the list names the plant) */}
                    <NavLink to={`${pfad}/kanalnetze${mitModus}`} className={linkClass} aria-label="Kanalnetze: Übersicht">
                      Übersicht
                    </NavLink>
                  </li>
                  <Anlagenbaum anlagen={anlagen.filter((x) => x.parentanlageid !== a.id || x.anlagentyp === 'KANALNETZ')} basis={basis} mitModus={mitModus} anlegen={anlegen} messstellen={messstellen} messstelleAnlegen={messstelleAnlegen} parent={a.id} />
                  {anlegen && !ausser && (
                    <li>
                      <NavLink to={`${basis}/kanalnetz/neu/anlagendaten?modus=s&parentanlageid=${a.id}`} className={linkClass}>
                        Kanalnetz anlegen
                      </NavLink>
                    </li>
                  )}
                </ul>
              </div>
            )}
            {andere.length > 0 && (
              <ul className="space-y-1 pl-3">
                <Anlagenbaum anlagen={anlagen.filter((x) => x.parentanlageid !== a.id || !kanalnetze || x.anlagentyp !== 'KANALNETZ')} basis={basis} mitModus={mitModus} anlegen={anlegen} messstellen={messstellen} messstelleAnlegen={messstelleAnlegen} parent={a.id} />
              </ul>
            )}
          </li>
        );
      })}
    </>
  );
}

/**
 * The measuring points of the open plant (spec 000 §2: Messstellen with its count above them),
 * the open one with its Messstellendaten, Dateien and Wiedervorlagen; 'Messstelle anlegen' where
 * creating is possible now. A shut-down point is marked.
 */
function Messstellenbaum({
  messstellen,
  pfad,
  mitModus,
  offen,
  anlegen,
  anlage,
}: {
  messstellen: MessstellenZeile[];
  pfad: string;
  mitModus: string;
  offen: string | undefined;
  anlegen: boolean;
  anlage: string;
}) {
  if (messstellen.length === 0 && !anlegen) return null;
  return (
    <li>
      <ul className="space-y-1 pl-3" aria-label={`${anlage}: Messstellen`}>
        {messstellen.map((m) => {
          const mp = `${pfad}/messstellen/${m.id}`;
          return (
            <li key={m.id}>
              <NavLink to={`${mp}/messstellendaten${mitModus}`} className={linkClass}>
                {m.bezeichnung}
                {m.messstellenstatus === 'STILLGELEGT' && <span className="ml-1 text-xs">(außer Betrieb)</span>}
              </NavLink>
              {String(m.id) === offen && (
                <ul className="space-y-1 pl-3" aria-label={`${m.bezeichnung}: Ablage`}>
                  <Eintrag to={`${mp}/messstellendaten${mitModus}`}>Messstellendaten</Eintrag>
                  <Eintrag to={`${mp}/dateien${mitModus}`}>Dateien</Eintrag>
                  <Eintrag to={`${mp}/wiedervorlagen${mitModus}`}>Wiedervorlagen</Eintrag>
                </ul>
              )}
            </li>
          );
        })}
        {anlegen && (
          <li>
            <NavLink to={`${pfad}/messstellen/neu/messstellendaten?modus=s`} className={linkClass}>
              Messstelle anlegen
            </NavLink>
          </li>
        )}
      </ul>
    </li>
  );
}

/** 'Anlage anlegen': the four types in edit mode of a released operation; otherwise disabled with the reason. */
function AnlageAnlegen({ basis, hinweisId, hinweis }: { basis: string; hinweisId: string; hinweis?: string }) {
  const [offen, setOffen] = useState(false);
  const menueId = `${hinweisId}-typen`;
  return (
    <>
      <button
        type="button"
        disabled={!!hinweis}
        aria-expanded={hinweis ? undefined : offen}
        aria-controls={hinweis ? undefined : menueId}
        aria-describedby={hinweis ? hinweisId : undefined}
        onClick={() => setOffen((o) => !o)}
        className="rounded border border-gray-400 px-2 py-1 text-sm text-blue-800 disabled:text-gray-600"
      >
        Anlage anlegen
      </button>
      {hinweis && (
        <p id={hinweisId} className="mt-1 text-xs text-gray-700">
          {hinweis}
        </p>
      )}
      {!hinweis && offen && (
        <ul id={menueId} className="mt-1 space-y-1">
          {ANLAGENTYPEN.map((t) => (
            <li key={t.pfad}>
              <NavLink to={`${basis}/${t.pfad}/neu/anlagendaten?modus=s`} className={linkClass} onClick={() => setOffen(false)}>
                {t.label}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
