// make:api and make:controller once the request is complete: snapshot → plan → commit through
// the sink the flags chose, then the report of what it did (written, or only reported).
// Loaded only when a command runs, so --help and --version load no YAML.
import {dryRunDone, fileLines, jsonSuccess, refusalText, routesDiff, successLine, summaryLines} from '../../../present/describe-plan.js';
import {EduError, exitCodeFor, placeHint} from '../../../base/errors.js';
import {plan as makePlan} from '../../../make/plan.js';
import {openProject, type Snapshot} from '../../../make/snapshot.js';
import type {TemplateCatalog} from '../../../templates/catalog.js';
import type {MakeRequest} from '../../../make/request.js';
import type {Plan} from '../../../make/plan.js';
import type {Sink} from '../../../sink/sink.js';
import {fileLinesShown, nextSteps, nextStepsBlock, stepsContext} from '../../../present/next-steps.js';
import {sgr, withNotes, type Outcome} from '../../../base/io.js';

/** How the report is shown: a terminal also gets the files and the next steps, in colour unless NO_COLOR. */
export interface ReportStyle {
	readonly terminal: boolean;
	readonly color: boolean;
	/** The project's folder when the run started elsewhere. */
	readonly cd?: string;
	/** The terminal's width, which the next steps' prose is broken to (never their commands). */
	readonly width?: number;
}

/** In a terminal, after the original's three lines: what was created and modified, then the next steps. */
function terminalReport(written: Plan, snapshot: Snapshot, {color, cd, width}: ReportStyle): string[] {
	return ['', ...fileLinesShown(written.changes, color), '', ...nextStepsBlock(nextSteps(written, stepsContext(snapshot, written, cd)), color, width)];
}

/**
 * `project`: the root the command found, and the templates it checked the flags with (read once);
 * `sink`: the one the flags chose (commands/make.ts); what it returns says whether anything was written.
 */
export async function generateFromRequest(request: MakeRequest, project: {readonly root: string; readonly templates?: TemplateCatalog}, sink: Sink, style: ReportStyle = {terminal: false, color: false}): Promise<Outcome> {
	const snapshot = openProject(project.root, project.templates);
	const planned = makePlan(request, snapshot);
	const {warnings} = planned;

	const [firstRefusal] = planned.refusals;
	if (firstRefusal) {
		// The seed's exact message first; then the file or route it is about, and the way out.
		const {place} = firstRefusal;
		throw new EduError(firstRefusal.code, refusalText(firstRefusal), exitCodeFor(firstRefusal.code), {
			notes: warnings,
			details: {...(place === undefined ? {} : {file: place.file, ...(place.line === undefined ? {} : {line: place.line}), hint: placeHint(place)}), ...(warnings.length > 0 ? {warnings} : {})},
		});
	}

	const {commit} = await import('../../../make/commit.js');
	const {plan: written, mode, notes} = await commit(planned, snapshot, sink);
	if (mode === 'dry-run') {
		return {
			json: jsonSuccess(written, mode),
			warnings,
			requested: true,
			text: [
				...summaryLines(written),
				dryRunDone,
				...fileLines(written.changes),
				'',
				...routesDiff(written),
				'',
			].join('\n'),
		};
	}
	const lines = [...summaryLines(written), sgr('32', successLine(written), style.color)];
	if (style.terminal) lines.push(...terminalReport(written, snapshot, style));
	return {json: withNotes(jsonSuccess(written, mode), notes), warnings: [...warnings, ...notes], text: `${lines.join('\n')}\n`};
}
