// What the wizard hands every screen: the form, a way to change it, the core's plan for it,
// where the focus is, and the way forward. The state is the wizard's (wizard-state.ts): a
// screen renders it and sends what the keys did.
import type {Plan} from '../../make/plan.js';
import type {TemplateCatalog} from '../../templates/catalog.js';
import type {Screen, WizardForm} from '../form.js';
import type {Place} from '../wizard-state.js';

export interface Chrome {
	readonly title: string;
	readonly step: string;
	/** Esc on the first screen quits; elsewhere it goes back. */
	readonly first: boolean;
}

export interface ScreenProps {
	readonly form: WizardForm;
	readonly update: (change: (form: WizardForm) => WizardForm) => void;
	readonly plan: Plan;
	readonly screens: readonly Screen[];
	readonly next: () => void;
	/** Where the focus is on this screen (its row and column), back at the start on each new screen. */
	readonly place: Place;
	readonly moveTo: (place: Partial<Place>) => void;
	readonly chrome: Chrome;
	/** The templates here: the built-ins and the project's own. */
	readonly catalog: TemplateCatalog;
}
