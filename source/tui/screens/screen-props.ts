// What the wizard hands every screen: the form, a way to change it, the core's plan for it,
// and the way forward. Screens hold no state the wizard needs after they close.
import type {Plan} from '../../make/plan.js';
import type {TemplateCatalog} from '../../templates/catalog.js';
import type {Screen, WizardForm} from '../form.js';

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
	readonly chrome: Chrome;
	/** The templates here: the built-ins and the project's own. */
	readonly catalog: TemplateCatalog;
}
