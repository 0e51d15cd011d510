// What the wizard hands every screen: the form, a way to change it, the core's plan for it,
// and the way forward. Screens hold no state the wizard needs after they close.
import type {Plan, PlannedRoute} from '../core/plan.js';
import type {Screen, WizardForm} from './form.js';

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
	/** The controller and view paths for the name, from a plan against an empty project (shown even when refused). */
	readonly paths: PlannedRoute | undefined;
	readonly screens: readonly Screen[];
	readonly next: () => void;
	readonly chrome: Chrome;
}
