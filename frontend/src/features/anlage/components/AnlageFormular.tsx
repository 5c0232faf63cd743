import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode, type RefObject } from 'react';
import { useSchreibsperre } from '@/components/akte/Schreibrechte';
import { Kartenauswahl } from '@/components/karte/Kartenauswahl';
import { lageAusTexten } from '@/components/karte/protokoll';
import { useDarf } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { Auswahlfeld, Gruppe, mehrfachOptionen, Textfeld, useWerte, useWerteliste, WertAuswahl } from '@/components/felder';
import { MehrfachAuswahl } from '@/components/MehrfachAuswahl';
import { FormField, inputClass } from '@/components/FormField';
import { Tabs } from '@/components/Tabs';
import { WasserbuchLink } from '@/components/WasserbuchLink';
import { ZeilenEditor } from '@/components/ZeilenEditor';
import { ZustaendigkeitenReiter } from '@/components/zustaendigkeiten/ZustaendigkeitenReiter';
import { ANLAGENARTEN, ANLAGENSTATUS, betriebDesFormularsQuery, pflichtigeQuery } from '@/features/anlage/api/anlage';
import { anlagenDesBetriebsQuery } from '@/lib/akte/anlagen-des-betriebs';
import { artenDesTyps, hatFeld, mitEntsorgungsraum } from '@/features/anlage/api/typen';
import { AufnahmeFeld, DrosselablaufFeld } from './NetzanlageAuswahl';
import { EntsorgungsraumReiter } from './EntsorgungsraumReiter';
import { Foerderungen } from './Foerderungen';
import { einzigFuehrend, istPflichtfeld, reiterVon, zeigtEntsorgungsraum, zeitraeume, type AnlageFehler, type AnlageWerte, type Pflichtiger, type Reiter } from './werte';

// Verbatim text of spec 000 §8 (removal of a part of the plant).
export const ENTFERNEN_TITEL = 'Entfernen bestätigen';
export const entfernenFrage = (was: string) => `Wollen Sie ${was} wirklich entfernen? (Final gelöscht wird erst beim Speichern der Anlage.)`;

/** The form of a Wasserbuchnummer (spec 000 §9: S or N and digits, at most 9). */
const WASSERBUCHNUMMER = /^[SN]\d{1,8}$/;

export interface AnlageFormularProps {
  typ: string;
  betriebId: string;
  /** The plant itself (not offered as its own receiving plant); undefined while new. */
  anlageId?: number;
  werte: AnlageWerte;
  onChange: (f: (w: AnlageWerte) => AnlageWerte) => void;
  fehler: AnlageFehler;
  gesperrt: boolean;
  /** The name is editable only for whom spec 000 §6 allows it. */
  bezeichnungGesperrt: boolean;
  /** Status only for staff, never on creation (a new plant starts GEPLANT). */
  statusGesperrt: boolean;
  reiter: Reiter;
  onReiterChange: (r: Reiter) => void;
  containerRef: RefObject<HTMLDivElement | null>;
  kopf?: ReactNode;
  /** The plant's type and operation keep a disposal area (shown while it is no indirect discharger). */
  mitEntsorgungsraum?: boolean;
  /** Fundings and the disposal area are staff's (operators apply for fundings with a change request). */
  nurBetreiberseitig?: boolean;
  /** Bearbeiter may be assigned (administrators, spec 000 §6). */
  bearbeiterBearbeitbar?: boolean;
  /** Asks 'Entfernen bestätigen' before a part of the plant goes. */
  vorDemEntfernen: (was: string) => Promise<boolean>;
  /** A status chosen in the select (the screen confirms a shut-down first); without, it is set at once. */
  onStatus?: (status: string) => void;
  /** The disposal area's export and import (a stored plant), above the tab's table. */
  entsorgungsraumAktionen?: ReactNode;
}

// The treatment steps (spec 000 §3): field, label, value list.
const BEHANDLUNGSSTUFEN = [
  ['vorbehandlung', 'Vorbehandlung', 'vorbehandlung'],
  ['biologischeBehandlung', 'Biologische Behandlung', 'biologische_behandlung'],
  ['chemischeBehandlung', 'Chemische Behandlung', 'chemische-behandlung'],
  ['nachbehandlung', 'Nachbehandlung', 'nachbehandlung'],
  ['schlammbehandlung', 'Schlammbehandlung', 'schlammbehandlung'],
] as const;

/** The treatment steps, each a multiple choice of its value list (a stored value the list lost stays). */
function Behandlungsstufen({ werte, onChange, gesperrt }: { werte: AnlageWerte; onChange: AnlageFormularProps['onChange']; gesperrt: boolean }) {
  const sperre = useSchreibsperre('biologischeBehandlung');
  return (
    <Gruppe titel="Behandlungsstufen">
      {BEHANDLUNGSSTUFEN.map(([feld, label, liste]) => (
        <div key={feld} className="sm:col-span-3">
          <Behandlungsstufe label={label} liste={liste} wert={werte[feld]} onChange={(v) => onChange((x) => ({ ...x, [feld]: v }))} gesperrt={gesperrt || sperre.gesperrt} />
        </div>
      ))}
    </Gruppe>
  );
}

function Behandlungsstufe({ label, liste, wert, onChange, gesperrt }: { label: string; liste: string; wert: string[]; onChange: (v: string[]) => void; gesperrt: boolean }) {
  const optionen = mehrfachOptionen(useWerte(liste), wert);
  return <MehrfachAuswahl legend={label} options={optionen} value={wert} onChange={onChange} disabled={gesperrt} maxHeight={120} />;
}

/** The obligees' rows with the period each covers, as they stand while the user edits (read-only). */
function mitZeitraum(zeilen: Pflichtiger[]) {
  const perioden = zeitraeume(zeilen);
  return zeilen.map((z, i) => ({ ...z, zeitraum: perioden[i].zeitraum }));
}

function Haken({ label, name, wert, onChange, gesperrt }: { label: string; name: string; wert: boolean; onChange: (v: boolean) => void; gesperrt: boolean }) {
  // per-field rights of the file screen (components/akte/Schreibrechte): locked with the hint
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

/** The plant form with the tabs of spec 000 §2; the extras of the plant's type on the first tab. */
export function AnlageFormular(p: AnlageFormularProps) {
  const { werte: w, fehler: f, gesperrt, typ } = p;
  /** Required as the server's table says for this type and these values. */
  const pflicht = (feld: string) => istPflichtfeld(typ, w, feld);
  const darfKarte = useDarf()('KARTENPOSITION_SETZEN');
  const setze = <K extends keyof AnlageWerte>(k: K) => (v: AnlageWerte[K]) => p.onChange((x) => ({ ...x, [k]: v }));
  const text = (k: keyof AnlageWerte, label: string, extra: { required?: boolean; className?: string; feld?: string; inputMode?: 'decimal' } = {}) => (
    <Textfeld
      label={label}
      name={k}
      value={String(w[k])}
      onChange={setze(k) as (v: string) => void}
      error={f[extra.feld ?? k]}
      required={extra.required}
      disabled={gesperrt || (k === 'bezeichnung' && p.bezeichnungGesperrt)}
      inputMode={extra.inputMode}
      className={extra.className ?? 'sm:col-span-3'}
    />
  );
  const liste = (k: keyof AnlageWerte, label: string, name: string, required = false) => (
    <WertAuswahl liste={name} label={label} name={k} value={String(w[k])} onChange={setze(k) as (v: string) => void} error={f[k]} required={required} disabled={gesperrt} className="sm:col-span-3" />
  );
  const anlagen = useQuery({ ...anlagenDesBetriebsQuery(p.betriebId), enabled: w.indirekteinleiter });
  // a new sewer network below a treatment plant starts with it: its name from the operation's plants
  const aufnahmeAnzeige = w.aufnahmeAnzeige || ((anlagen.data ?? []).find((a) => String(a.id) === w.aufnahme)?.bezeichnung ?? '');
  const gewaehlt = new Set(w.pflichtige.map((x) => x.organisation));
  const betrieb = useQuery(betriebDesFormularsQuery(p.betriebId)).data;
  // the server's rule (internal/anwendung/auswahl, anlage.zuordnungen): active organisations obliged to
  // dispose of wastewater, the operation's own operator, and those the plant already names
  const pflichtige = (useQuery(pflichtigeQuery()).data ?? []).filter(
    (o) => (o.abwasserbeseitigungspflicht && o.status === 'AKTIV') || o.id === betrieb?.betreiberId || gewaehlt.has(String(o.id)),
  );
  // options and sections follow the plant's type (anlage.Typtabelle, generated into api/typen.ts)
  const hat = (feld: string) => hatFeld(typ, feld);
  const arten = ANLAGENARTEN.filter((a) => artenDesTyps(typ).includes(a.value) || a.value === w.anlagenart);
  const entsorgungsraum = p.mitEntsorgungsraum ?? (betrieb ? mitEntsorgungsraum(typ, betrieb.betriebstyp) : false);
  const werteOptionen = (werte: string[]) => werte.map((v) => ({ value: v, label: v }));
  const asParameter = werteOptionen(useWerte('as-parameter'));
  const asEinheit = werteOptionen(useWerte('as-einheit'));
  const planungStatus = werteOptionen(useWerte('planung-status'));
  const kategorien = useWerteliste('bauwerk-anlageteil-kategorie');
  const teilBezeichnungen = useWerteliste('bauwerk-anlageteil-bezeichnung');
  // a part's Bezeichnung is one of its Kategorie (the list's extra 'kategorie'; empty: any)
  const bezeichnungenDerKategorie = (kategorie: string) => {
    const id = kategorien.find((k) => k.value === kategorie)?.id;
    return werteOptionen(teilBezeichnungen.filter((e) => !e.kategorie || e.kategorie === id).map((e) => e.value));
  };
  const hatFehler = (r: Reiter) => Object.entries(f).some(([k, v]) => v && reiterVon(k) === r);
  const entfernen = (was: (i: number) => string) => (_z: unknown, i: number) => p.vorDemEntfernen(was(i));

  const anlageReiter = (
    <div className="space-y-4">
      <Gruppe titel="Anlage">
        {text('bezeichnung', 'Bezeichnung', { required: pflicht('bezeichnung') })}
        <Auswahlfeld label="Anlagenart" name="anlagenart" value={w.anlagenart} onChange={setze('anlagenart')} optionen={arten} error={f.anlagenart} required={pflicht('anlagenart')} disabled={gesperrt} className="sm:col-span-3" />
        <Auswahlfeld label="Anlagenstatus" name="anlagenstatus" value={w.anlagenstatus} onChange={p.onStatus ?? setze('anlagenstatus')} optionen={ANLAGENSTATUS} error={f.anlagenstatus} required={pflicht('anlagenstatus')} disabled={gesperrt || p.statusGesperrt} className="sm:col-span-3" />
        {hat('anlagensystem') && liste('anlagensystem', 'Anlagensystem', 'anlagensystem')}
        <Haken
          label="Indirekteinleiter"
          name="indirekteinleiter"
          wert={w.indirekteinleiter}
          gesperrt={gesperrt}
          // unchecking clears the receiving plant (spec 000 §4)
          onChange={(v) => p.onChange((x) => ({ ...x, indirekteinleiter: v, aufnahme: v ? x.aufnahme : '', aufnahmeAnzeige: v ? x.aufnahmeAnzeige : '' }))}
        />
        {w.indirekteinleiter && (
          <AufnahmeFeld
            betriebId={p.betriebId}
            anlageId={p.anlageId}
            wert={w.aufnahme}
            anzeige={aufnahmeAnzeige}
            onChange={(aufnahme, anzeige) => p.onChange((x) => ({ ...x, aufnahme, aufnahmeAnzeige: anzeige }))}
            error={f.aufnahme}
            gesperrt={gesperrt}
            className="sm:col-span-6"
          />
        )}
        {text('hochwert', 'Hochwert', { required: pflicht('lage.hochwert'), feld: 'lage.hochwert', inputMode: 'decimal' })}
        {text('rechtswert', 'Rechtswert', { required: pflicht('lage.rechtswert'), feld: 'lage.rechtswert', inputMode: 'decimal' })}
        <div className="sm:col-span-6">
          <Kartenauswahl
            lage={lageAusTexten(w.rechtswert, w.hochwert)}
            onChange={(l) => p.onChange((x) => ({ ...x, rechtswert: formatNumber(l.rechtswert, { grouping: false }), hochwert: formatNumber(l.hochwert, { grouping: false }) }))}
            disabled={gesperrt || !darfKarte}
          />
        </div>
        <FormField label="Beschreibung" className="sm:col-span-6" error={f.beschreibung}>
          <textarea name="beschreibung" className={inputClass} rows={3} value={w.beschreibung} disabled={gesperrt} onChange={(e) => setze('beschreibung')(e.target.value)} />
        </FormField>
        <Haken label="Selbstüberwachungspflicht" name="selbstueberwachungspflicht" wert={w.selbstueberwachungspflicht} onChange={setze('selbstueberwachungspflicht')} gesperrt={gesperrt} />
        {hat('chargenbetrieb') && <Haken label="Chargenbetrieb" name="chargenbetrieb" wert={w.chargenbetrieb} onChange={setze('chargenbetrieb')} gesperrt={gesperrt} />}
        {hat('kampagne') && <Haken label="Kampagnenbetrieb" name="kampagne" wert={w.kampagne} onChange={setze('kampagne')} gesperrt={gesperrt} />}
        {hat('tegAbschluss') && <Haken label="TEG-Abschluss" name="tegAbschluss" wert={w.tegAbschluss} onChange={setze('tegAbschluss')} gesperrt={gesperrt} />}
        {hat('aufKAGelaende') && <Haken label="Auf KA-Gelände" name="aufKAGelaende" wert={w.aufKAGelaende} onChange={setze('aufKAGelaende')} gesperrt={gesperrt} />}
        {hat('dwaNr') && text('dwaNr', 'DWA-Nr.', { className: 'sm:col-span-2' })}
        {hat('staLaNr') && text('staLaNr', 'StaLa-Nr.', { className: 'sm:col-span-2' })}
        {text('suevoaAnlageNr', 'SüVOA-Anlagen-Nr.', { className: 'sm:col-span-2' })}
      </Gruppe>
      {hat('biologischeBehandlung') && (
        <Behandlungsstufen werte={w} onChange={p.onChange} gesperrt={gesperrt} />
      )}
      {hat('entlastungssystem') && (
        <Gruppe titel="Entlastungsanlage">
          {liste('entlastungssystem', 'Entlastungssystem', 'entlastungssystem', pflicht('entlastungssystem'))}
          {liste('entlastungstyp', 'Entlastungstyp', 'entlastungstyp', pflicht('entlastungstyp'))}
          <div className="flex flex-col gap-1 sm:col-span-2">
            {text('wasserbuchnummer', 'Wasserbuchnummer', { className: '' })}
            {/* the number's entry in the water-register viewer (issue 33), once it has the number's form */}
            {WASSERBUCHNUMMER.test(w.wasserbuchnummer.trim().toUpperCase()) && <WasserbuchLink wbbId={w.wasserbuchnummer.trim().toUpperCase()} />}
          </div>
          {text('flur', 'Flur', { className: 'sm:col-span-1' })}
          {text('flurstueck', 'Flurstück', { className: 'sm:col-span-1' })}
          {text('gemarkung', 'Gemarkung', { className: 'sm:col-span-2' })}
          {w.anlagenart && (
            <DrosselablaufFeld
              betriebId={p.betriebId}
              anlageId={p.anlageId}
              anlagenart={w.anlagenart}
              wert={w.drosselablauf}
              anzeige={w.drosselablaufAnzeige}
              onChange={(drosselablauf, anzeige) => p.onChange((x) => ({ ...x, drosselablauf, drosselablaufAnzeige: anzeige }))}
              error={f.drosselablauf}
              gesperrt={gesperrt}
              className="sm:col-span-6"
            />
          )}
        </Gruppe>
      )}
      {hat('kuehlart') && (
        <Gruppe titel="Kühlwasser">
          {liste('kuehlart', 'Kühlart', 'kuehlart')}
          {text('kuehlBehandlung', 'Kühlwasserbehandlung')}
          <Haken label="Im Wasserschutzgebiet" name="inWasserschutzgebiet" wert={w.inWasserschutzgebiet} onChange={setze('inWasserschutzgebiet')} gesperrt={gesperrt} />
        </Gruppe>
      )}
      {hat('kanalsystem') && (
        <Gruppe titel="Kanalnetz">
          {text('kanallaenge', 'Kanallänge (km)', { inputMode: 'decimal', className: 'sm:col-span-2' })}
          {liste('kanalsystem', 'Kanalsystem', 'kanalsystem')}
          {liste('abwasserart', 'Abwasserart', 'abwasserart')}
          {liste('materialart', 'Materialart', 'kanal-materialart')}
        </Gruppe>
      )}
      <div>
        <ZeilenEditor
          titel="Abwasserbeseitigungspflichtige"
          prefix="abwasserbeseitigungspflichtige"
          zeilen={mitZeitraum(w.pflichtige)}
          onChange={(zeilen) => setze('pflichtige')(zeilen.map(({ organisation, startJahr }) => ({ organisation, startJahr })))}
          vorDemEntfernen={entfernen((i) => `den Abwasserbeseitigungspflichtigen Nr. ${i + 1}`)}
          neu={{ organisation: '', startJahr: String(new Date().getFullYear()), zeitraum: '' }}
          gesperrt={gesperrt}
          fehler={f}
          spalten={[
            { key: 'organisation', label: 'Organisation', typ: 'auswahl', pflicht: pflicht('abwasserbeseitigungspflichtige[].organisation'), optionen: pflichtige.map((o) => ({ value: String(o.id), label: o.bezeichnung ?? '' })) },
            { key: 'startJahr', label: 'Startjahr', typ: 'zahl', pflicht: pflicht('abwasserbeseitigungspflichtige[].startJahr') },
            { key: 'zeitraum', label: 'Zeitraum', nurLesen: true },
          ]}
        />
        {f.abwasserbeseitigungspflichtige && (
          <p role="alert" className="mt-1 text-sm text-red-800">
            {f.abwasserbeseitigungspflichtige}
          </p>
        )}
      </div>
    </div>
  );

  return (
    <div ref={p.containerRef} className="space-y-4">
      {p.kopf}
      <Tabs
        label="Anlagendaten"
        value={p.reiter}
        onChange={(r) => p.onReiterChange(r as Reiter)}
        tabs={[
          { id: 'anlage', label: 'Anlage', hasError: hatFehler('anlage'), content: anlageReiter },
          {
            id: 'auslegung',
            label: 'Auslegungs-/Planungsdaten',
            hasError: hatFehler('auslegung'),
            content: (
              <div className="space-y-4">
                <ZeilenEditor
                  titel="Auslegung/Belastung"
                  prefix="auslegungUndBelastungsDaten"
                  zeilen={w.auslegungen}
                  onChange={(z) => p.onChange((x) => ({ ...x, auslegungen: einzigFuehrend(x.auslegungen, z) }))}
                  vorDemEntfernen={entfernen((i) => `die Auslegung „${w.auslegungen[i]?.parameter || i + 1}“`)}
                  neu={{ parameter: '', einheit: '', auslegungWert: '', auslegungJahr: '', auslegungFuehrend: false, belastungWert: '', belastungJahr: '', bemerkung: '' }}
                  gesperrt={gesperrt}
                  fehler={f}
                  spalten={[
                    { key: 'parameter', label: 'Parameter', typ: 'auswahl', optionen: asParameter, pflicht: pflicht('auslegungUndBelastungsDaten[].parameter') },
                    { key: 'einheit', label: 'Einheit', typ: 'auswahl', optionen: asEinheit, pflicht: pflicht('auslegungUndBelastungsDaten[].einheit') },
                    { key: 'auslegungWert', label: 'Auslegungswert', typ: 'zahl' },
                    { key: 'auslegungJahr', label: 'Auslegungsjahr', typ: 'zahl' },
                    { key: 'auslegungFuehrend', label: 'Führend', typ: 'haken' },
                    { key: 'belastungWert', label: 'Belastungswert', typ: 'zahl' },
                    { key: 'belastungJahr', label: 'Belastungsjahr', typ: 'zahl' },
                    { key: 'bemerkung', label: 'Bemerkung' },
                  ]}
                />
                <ZeilenEditor
                  titel="Planung"
                  prefix="planungen"
                  zeilen={w.planungen}
                  onChange={setze('planungen')}
                  vorDemEntfernen={entfernen((i) => `die Planung „${w.planungen[i]?.massnahme || i + 1}“`)}
                  neu={{ status: '', massnahme: '', anschlussKA: '', plandatum: '', beschreibung: '', geaendertAm: '', geaendertVon: '' }}
                  gesperrt={gesperrt}
                  fehler={f}
                  spalten={[
                    { key: 'status', label: 'Status', typ: 'auswahl', optionen: planungStatus, pflicht: pflicht('planungen[].status') },
                    { key: 'massnahme', label: 'Maßnahme' },
                    { key: 'anschlussKA', label: 'Anschluss an KA' },
                    { key: 'plandatum', label: 'Plandatum', typ: 'datum' },
                    { key: 'beschreibung', label: 'Beschreibung' },
                    { key: 'geaendertAm', label: 'Geändert am', nurLesen: true },
                    { key: 'geaendertVon', label: 'Geändert von', nurLesen: true },
                  ]}
                />
                <Foerderungen
                  foerderungen={w.foerderungen}
                  onChange={setze('foerderungen')}
                  gesperrt={gesperrt || !!p.nurBetreiberseitig}
                  vorDemEntfernen={p.vorDemEntfernen}
                  fehler={f}
                />
              </div>
            ),
          },
          {
            id: 'anlagenteile',
            label: 'Anlagenteile',
            hasError: hatFehler('anlagenteile'),
            content: (
              <ZeilenEditor
                titel="Anlagenteile"
                prefix="anlagenteile"
                zeilen={w.anlagenteile}
                onChange={setze('anlagenteile')}
                vorDemEntfernen={entfernen((i) => `das Anlagenteil „${w.anlagenteile[i]?.bezeichnung || i + 1}“`)}
                neu={{ kategorie: '', bezeichnung: '', anzahl: '', bezeichner: '', bezeichnerGroesse: '', bezeichnerEinheit: '', bemerkung: '' }}
                gesperrt={gesperrt}
                fehler={f}
                spalten={[
                  { key: 'kategorie', label: 'Kategorie', typ: 'auswahl', optionen: werteOptionen(kategorien.map((k) => k.value)), pflicht: pflicht('anlagenteile[].kategorie') },
                  { key: 'bezeichnung', label: 'Bezeichnung', typ: 'auswahl', optionen: (z) => bezeichnungenDerKategorie(z.kategorie), pflicht: pflicht('anlagenteile[].bezeichnung') },
                  { key: 'anzahl', label: 'Anzahl', typ: 'zahl' },
                  { key: 'bezeichner', label: 'Bezeichner' },
                  { key: 'bezeichnerGroesse', label: 'Größe', typ: 'zahl' },
                  { key: 'bezeichnerEinheit', label: 'Einheit' },
                  { key: 'bemerkung', label: 'Bemerkung' },
                ]}
              />
            ),
          },
          ...(zeigtEntsorgungsraum(entsorgungsraum, w)
            ? [
                {
                  id: 'entsorgungsraum',
                  label: 'Entsorgungsraum',
                  hasError: hatFehler('entsorgungsraum'),
                  content: (
                    <div className="space-y-4">
                      {p.entsorgungsraumAktionen}
                      <EntsorgungsraumReiter
                        raum={w.entsorgungsraum}
                        onChange={setze('entsorgungsraum')}
                        gesperrt={gesperrt || !!p.nurBetreiberseitig}
                        fehler={f}
                        vorDemEntfernen={p.vorDemEntfernen}
                      />
                    </div>
                  ),
                },
              ]
            : []),
          {
            id: 'zustaendigkeiten',
            label: 'Zuständigkeiten',
            hasError: hatFehler('zustaendigkeiten'),
            content: (
              <ZustaendigkeitenReiter
                werte={w}
                setze={(feld, wert) => p.onChange((x) => ({ ...x, [feld]: wert }))}
                fehler={f}
                bearbeitbar={!gesperrt}
                bearbeiterBearbeitbar={!gesperrt && !!p.bearbeiterBearbeitbar}
                betriebId={p.betriebId}
                hinweis="Die Änderung wird mit dem Speichern der Anlage übernommen."
              />
            ),
          },
        ]}
      />
    </div>
  );
}
