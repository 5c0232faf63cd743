import { useCallback, useId, type RefObject } from 'react';
import { useSchreibsperre } from '@/components/akte/Schreibrechte';
import { Kartenauswahl } from '@/components/karte/Kartenauswahl';
import { useDarf } from '@/lib/auth';
import { Auswahlfeld, Gruppe, mehrfachOptionen, Textfeld, useWerte, useWerteliste, WertAuswahl } from '@/components/felder';
import { MehrfachAuswahl } from '@/components/MehrfachAuswahl';
import { Tabs } from '@/components/Tabs';
import { formatDate } from '@/lib/format';
import { MESSSTELLENSTATUS, type Bereiche } from '@/features/messstelle/api/messstelle';
import { EinleitstelleReiter } from './EinleitstelleReiter';
import { AnhangGrenzwerte, Mindestanforderungen, Vorbelastungen } from './Grenzwerte';
import { istPflichtfeld, lageAlsText, lageAusText, reiterVon, type EinleitstelleWerte, type MessstelleFehler, type MessstelleWerte, type Reiter } from './werte';

// Verbatim texts of spec 000 §8 (removal of a row).
export const ENTFERNEN_TITEL = 'Entfernen bestätigen';
export const entfernenFrage = (was: string) => `Wollen Sie ${was} wirklich entfernen? (Final gelöscht wird erst beim Speichern der Messstelle.)`;
/** Why the status is locked before the Freigabe (spec 000 §4: editable only when FREIGEGEBEN). */
export const HINWEIS_STATUS = 'Der Status kann erst geändert werden, wenn die Messstelle freigegeben ist.';

/** The tab labels (spec 000 §2). */
export const REITER: Record<Reiter, string> = {
  messstelle: 'Messstelle',
  einleitstelle: 'Einleitstelle',
  mindestanforderungen: 'Mindestanforderungen',
  vorbelastungen: 'Vorbelastungen',
};

/** The options of the Messstellentyp (value list messstellentyp: the identifier NR_… and its name). */
export function useMessstellentypen(): { value: string; label: string }[] {
  return useWerteliste('messstellentyp')
    .filter((e) => !!e.schluessel)
    .map((e) => ({ value: e.schluessel ?? '', label: e.value }));
}

export interface MessstelleFormularProps {
  werte: MessstelleWerte;
  onChange: (f: (w: MessstelleWerte) => MessstelleWerte) => void;
  fehler: MessstelleFehler;
  /** Read mode, a historic version: everything disabled. */
  gesperrt: boolean;
  /** The status only once the point is approved (spec 000 §4). */
  statusBearbeitbar: boolean;
  /** The date of the last status change (statuswechsel), shown beside the status. */
  statuswechsel?: string;
  /** The tabs the point has (spec 000 §2). */
  bereiche: Bereiche;
  reiter: Reiter;
  onReiterChange: (r: Reiter) => void;
  containerRef: RefObject<HTMLDivElement | null>;
  /** Asks 'Entfernen bestätigen' before a row goes. */
  vorDemEntfernen: (was: string) => Promise<boolean>;
}

function Haken({ label, name, wert, onChange, gesperrt }: { label: string; name: string; wert: boolean; onChange: (v: boolean) => void; gesperrt: boolean }) {
  const sperre = useSchreibsperre(name);
  const hinweisId = useId();
  return (
    <div className="flex flex-col gap-1 sm:col-span-2">
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name={name}
          checked={wert}
          disabled={gesperrt || sperre.gesperrt}
          aria-describedby={sperre.hinweis ? hinweisId : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        {label}
      </label>
      {sperre.hinweis && (
        <p id={hinweisId} className="text-xs text-gray-700">
          {sperre.hinweis}
        </p>
      )}
    </div>
  );
}

/** A multi-select of a text-valued list (authorities, responsibilities), locked with the per-field rights' hint. */
function Mehrfach({
  legend,
  liste,
  name,
  wert,
  onChange,
  gesperrt,
  fehler,
}: {
  legend: string;
  liste: string;
  name: string;
  wert: string[];
  onChange: (v: string[]) => void;
  gesperrt: boolean;
  fehler?: string;
}) {
  const sperre = useSchreibsperre(name);
  const werte = useWerte(liste);
  return (
    <div className="sm:col-span-3">
      <MehrfachAuswahl<string>
        legend={legend}
        options={mehrfachOptionen(werte, wert)}
        value={wert}
        onChange={onChange}
        disabled={gesperrt || sperre.gesperrt}
        hint={sperre.hinweis}
        error={fehler}
      />
    </div>
  );
}

/** The measuring point form with the tabs of spec 000 §2; the last three only where `bereiche` has them. */
export function MessstelleFormular(p: MessstelleFormularProps) {
  const { werte: w, fehler: f, gesperrt, bereiche } = p;
  const { onChange } = p;
  const darfKarte = useDarf()('KARTENPOSITION_SETZEN');
  const setze =
    <K extends keyof MessstelleWerte>(k: K) =>
    (v: MessstelleWerte[K]) =>
      onChange((x) => ({ ...x, [k]: v }));
  const setzeEinleitstelle = useCallback(
    (g: (e: EinleitstelleWerte) => EinleitstelleWerte) => onChange((x) => ({ ...x, einleitstelle: g(x.einleitstelle) })),
    [onChange],
  );
  const typen = useMessstellentypen();
  const hatFehler = (r: Reiter) => Object.entries(f).some(([k, v]) => v && reiterVon(k) === r);

  const messstelleReiter = (
    <div className="space-y-4">
      <Gruppe titel="Messstelle">
        <Textfeld label="Bezeichnung" name="bezeichnung" value={w.bezeichnung} onChange={setze('bezeichnung')} error={f.bezeichnung} required={istPflichtfeld('bezeichnung')} disabled={gesperrt} className="sm:col-span-6" />
        <Auswahlfeld
          label="Messstellentyp"
          name="messstellentyp"
          value={w.messstellentyp}
          onChange={setze('messstellentyp')}
          optionen={typen}
          error={f.messstellentyp}
          required={istPflichtfeld('messstellentyp')}
          disabled={gesperrt}
          className="sm:col-span-3"
        />
        <div className="flex flex-col gap-1 sm:col-span-3">
          <Auswahlfeld
            label="Status"
            name="messstellenstatus"
            value={w.messstellenstatus}
            onChange={setze('messstellenstatus')}
            optionen={MESSSTELLENSTATUS}
            error={f.messstellenstatus}
            required={istPflichtfeld('messstellenstatus')}
            disabled={gesperrt || !p.statusBearbeitbar}
          />
          {!gesperrt && !p.statusBearbeitbar && <p className="text-xs text-gray-700">{HINWEIS_STATUS}</p>}
          {p.statuswechsel && <p className="text-xs text-gray-700">seit {formatDate(p.statuswechsel)}</p>}
        </div>
        <Haken label="Abgaberelevant" name="abgabeRelevant" wert={w.abgabeRelevant} onChange={setze('abgabeRelevant')} gesperrt={gesperrt} />
        <Haken label="Frachtrelevant" name="frachtRelevant" wert={w.frachtRelevant} onChange={setze('frachtRelevant')} gesperrt={gesperrt} />
        <Haken label="Wärmerelevant" name="waermeRelevant" wert={w.waermeRelevant} onChange={setze('waermeRelevant')} gesperrt={gesperrt} />
      </Gruppe>
      <Gruppe titel="Lage">
        <Textfeld label="Rechtswert" name="lage.rechtswert" value={w.rechtswert} onChange={setze('rechtswert')} error={f['lage.rechtswert']} required={istPflichtfeld('lage.rechtswert')} disabled={gesperrt} inputMode="decimal" className="sm:col-span-3" />
        <Textfeld label="Hochwert" name="lage.hochwert" value={w.hochwert} onChange={setze('hochwert')} error={f['lage.hochwert']} required={istPflichtfeld('lage.hochwert')} disabled={gesperrt} inputMode="decimal" className="sm:col-span-3" />
        <div className="sm:col-span-6">
          <Kartenauswahl lage={lageAusText(w)} onChange={(l) => onChange((x) => ({ ...x, ...lageAlsText(l) }))} disabled={gesperrt || !darfKarte} />
        </div>
      </Gruppe>
      <Gruppe titel="Anhang">
        <WertAuswahl
          liste="anhang-abwv"
          label="Anhang AbwV"
          name="anhang.anhangAbwasserverordnung"
          value={w.anhangAbwasserverordnung}
          onChange={setze('anhangAbwasserverordnung')}
          error={f['anhang.anhangAbwasserverordnung']}
          disabled={gesperrt}
          className="sm:col-span-3"
        />
        <WertAuswahl
          liste="messstelle-abwasserart"
          label="Abwasserart"
          name="anhang.abwasserart"
          value={w.abwasserart}
          onChange={setze('abwasserart')}
          error={f['anhang.abwasserart']}
          disabled={gesperrt}
          className="sm:col-span-3"
        />
        <AnhangGrenzwerte werte={w.grenzwerte} onChange={setze('grenzwerte')} fehler={f} gesperrt={gesperrt} />
      </Gruppe>
      <Gruppe titel="Zuständigkeit">
        <WertAuswahl
          liste="behoerde"
          label="Zuständige Behörde"
          name="zustaendigeBehoerde"
          value={w.zustaendigeBehoerde}
          onChange={setze('zustaendigeBehoerde')}
          error={f.zustaendigeBehoerde}
          disabled={gesperrt}
          className="sm:col-span-6"
        />
        <Mehrfach legend="LIMS-Berechtigte" liste="messstellenzustaendigkeit" name="limsBerechtigte" wert={w.limsBerechtigte} onChange={setze('limsBerechtigte')} gesperrt={gesperrt} fehler={f.limsBerechtigte} />
        <Mehrfach
          legend="Zugehörige Behörden"
          liste="behoerde"
          name="zugehoerigeBehoerden"
          wert={w.zugehoerigeBehoerden}
          onChange={setze('zugehoerigeBehoerden')}
          gesperrt={gesperrt}
          fehler={f.zugehoerigeBehoerden}
        />
      </Gruppe>
    </div>
  );

  return (
    <div ref={p.containerRef} className="space-y-4">
      <Tabs
        label="Messstellendaten"
        value={p.reiter}
        onChange={(r) => p.onReiterChange(r as Reiter)}
        tabs={[
          { id: 'messstelle', label: REITER.messstelle, hasError: hatFehler('messstelle'), content: messstelleReiter },
          {
            id: 'einleitstelle',
            label: REITER.einleitstelle,
            hidden: !bereiche.einleitstelle,
            hasError: hatFehler('einleitstelle'),
            content: <EinleitstelleReiter werte={w.einleitstelle} onChange={setzeEinleitstelle} fehler={f} gesperrt={gesperrt} />,
          },
          {
            id: 'mindestanforderungen',
            label: REITER.mindestanforderungen,
            hidden: !bereiche.mindestanforderungen,
            hasError: hatFehler('mindestanforderungen'),
            content: (
              <Mindestanforderungen zeilen={w.mindestanforderungen} onChange={setze('mindestanforderungen')} fehler={f} gesperrt={gesperrt} vorDemEntfernen={p.vorDemEntfernen} />
            ),
          },
          {
            id: 'vorbelastungen',
            label: REITER.vorbelastungen,
            hidden: !bereiche.vorbelastungen,
            hasError: hatFehler('vorbelastungen'),
            content: <Vorbelastungen zeilen={w.vorbelastungen} onChange={setze('vorbelastungen')} fehler={f} gesperrt={gesperrt} vorDemEntfernen={p.vorDemEntfernen} />,
          },
        ]}
      />
    </div>
  );
}
