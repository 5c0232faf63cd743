import { useCallback, type ReactNode, type Ref } from 'react';
import { PflichtfeldHinweis } from '@/components/FormField';
import { Tabs } from '@/components/Tabs';
import type { BetreiberOrganisation } from '@/features/betrieb/api/auswahl';
import { BetriebReiter } from './BetriebReiter';
import { ProduktionReiter } from './ProduktionReiter';
import { reiterMitFehlern, SCHLUESSEL, type BetriebFehler, type BetriebWerte, type Reiter } from './werte';
import { ZustaendigkeitenReiter } from '@/components/zustaendigkeiten/ZustaendigkeitenReiter';

/** What is locked in the form. */
export interface Sperren {
  /** Read mode, a historic version or no right to edit: every field. */
  alles: boolean;
  /** Tab 'Betrieb' (master data): the operator of an approved operation changes it by application. */
  stammdaten?: boolean;
  betreiber?: boolean;
  betriebsstatus?: boolean;
  behoerde?: boolean;
  /** Bearbeiter can be assigned (BEARBEITER_ZUORDNEN). */
  bearbeiterBearbeitbar?: boolean;
}

export interface BetriebFormularProps {
  werte: BetriebWerte;
  onChange: (update: (w: BetriebWerte) => BetriebWerte) => void;
  fehler: BetriebFehler;
  /** Clears the error of a field when it is changed. */
  onFehlerChange?: (update: (f: BetriebFehler) => BetriebFehler) => void;
  /** schluessel of the Betriebstyp: the tab 'Produktion und Wasserversorgung' is for INDUSTRIE only. */
  betriebstyp: string;
  /** Betriebs-Nr. and Betriebstyp shown read-only. */
  kopf?: { betriebsId?: string; betriebstyp: string };
  betreiberArt: 'auswahl' | 'fest';
  betreiberOptionen: BetreiberOrganisation[];
  betreiberAktion?: ReactNode;
  onBetriebsstatus?: (neu: string) => void;
  sperren: Sperren;
  betriebId?: string;
  reiter: Reiter;
  onReiterChange: (r: Reiter) => void;
  /** The container of the fields (focus on the first invalid one). */
  containerRef?: Ref<HTMLDivElement>;
}

/**
 * The operation form: tabs Betrieb, Produktion und Wasserversorgung, Zuständigkeiten; tabs with
 * errors are flagged. Locked parts sit in a disabled fieldset, so read mode disables every field.
 */
export function BetriebFormular(props: BetriebFormularProps) {
  const { werte, onChange, fehler, onFehlerChange, betriebstyp, sperren, reiter, onReiterChange } = props;
  const setze = useCallback(
    <K extends keyof BetriebWerte>(feld: K, wert: BetriebWerte[K]) => {
      onChange((w) => ({ ...w, [feld]: wert }));
      const key = (SCHLUESSEL as Record<string, string>)[feld] ?? feld;
      // the field's error goes; for a list also those of its entries ('kontakte[0].email')
      onFehlerChange?.((f) => {
        const betroffen = (k: string) => k === key || k.startsWith(`${key}[`);
        return Object.keys(f).some(betroffen) ? Object.fromEntries(Object.entries(f).filter(([k]) => !betroffen(k))) : f;
      });
    },
    [onChange, onFehlerChange],
  );
  const mitFehlern = reiterMitFehlern(fehler);
  // Decision: the tab 'Produktion und Wasserversorgung' is shown for Betriebstyp INDUSTRIE only
  // (spec 000 §2 names one operation type without saying which; production data belong to
  // industrial operations).
  const mitProduktion = betriebstyp === 'INDUSTRIE';

  return (
    <div ref={props.containerRef}>
      {!sperren.alles && (
        <div className="mb-3">
          <PflichtfeldHinweis />
        </div>
      )}
      <Tabs
        label="Betriebsdaten"
        value={reiter}
        onChange={(r) => onReiterChange(r as Reiter)}
        tabs={[
          {
            id: 'betrieb',
            label: 'Betrieb',
            hasError: mitFehlern.includes('betrieb'),
            content: (
              <fieldset disabled={sperren.alles || sperren.stammdaten} className="min-w-0">
                <legend className="sr-only">Betrieb</legend>
                <BetriebReiter
                  werte={werte}
                  setze={setze}
                  fehler={fehler}
                  kopf={props.kopf}
                  betreiberArt={props.betreiberArt}
                  betreiberOptionen={props.betreiberOptionen}
                  betreiberGesperrt={sperren.betreiber}
                  betreiberAktion={sperren.alles ? undefined : props.betreiberAktion}
                  statusGesperrt={sperren.betriebsstatus}
                  behoerdeGesperrt={sperren.behoerde}
                  onBetriebsstatus={props.onBetriebsstatus}
                />
              </fieldset>
            ),
          },
          {
            id: 'produktion',
            label: 'Produktion und Wasserversorgung',
            hidden: !mitProduktion,
            hasError: mitFehlern.includes('produktion'),
            content: (
              <fieldset disabled={sperren.alles} className="min-w-0">
                <legend className="sr-only">Produktion und Wasserversorgung</legend>
                <ProduktionReiter werte={werte} setze={setze} fehler={fehler} />
              </fieldset>
            ),
          },
          {
            id: 'zustaendigkeiten',
            label: 'Zuständigkeiten',
            hasError: mitFehlern.includes('zustaendigkeiten'),
            content: (
              <ZustaendigkeitenReiter
                werte={werte}
                setze={(feld, wert) => setze(feld, wert as BetriebWerte[typeof feld])}
                fehler={fehler}
                bearbeitbar={!sperren.alles}
                bearbeiterBearbeitbar={!sperren.alles && !!sperren.bearbeiterBearbeitbar}
                betriebId={props.betriebId}
                hinweis="Die Änderung wird mit dem Speichern des Betriebs übernommen."
              />
            ),
          },
        ]}
      />
    </div>
  );
}
