// make:api and make:controller once the request is complete: snapshot → plan → commit through
// the sink the flags chose, then the report of what it did (written, or only reported).
// Loaded only when a command runs, so --help and --version load no YAML.
import {dryRunDone, fileLines, jsonSuccess, placeLine, routesDiff, successLine, summaryLines} from '../core/describe-plan.js';
import {EduError, exitCodeFor} from '../core/errors.js';
import {plan as makePlan} from '../core/plan.js';
import {openProject} from '../core/project.js';
import type {MakeRequest} from '../core/request.js';
import type {Sink} from '../core/sink.js';
import type {Outcome} from '../io.js';

/** `sink`: the one the flags chose (commands/make.ts); what it returns says whether anything was written. */
export async function generate(request: MakeRequest, root: string, sink: Sink): Promise<Outcome> {
	const snapshot = openProject(root);
	const planned = makePlan(request, snapshot);
	const {warnings} = planned;

	const [firstRefusal] = planned.refusals;
	if (firstRefusal) {
		// The seed's exact message first; then the file or route it is about, and the way out.
		const {place} = firstRefusal;
		const message = place === undefined ? firstRefusal.message : `${firstRefusal.message}\n${placeLine(place)}`;
		throw new EduError(firstRefusal.code, message, exitCodeFor(firstRefusal.code), {
			notes: warnings,
			details: {...(place ?? {}), ...(warnings.length > 0 ? {warnings} : {})},
		});
	}

	const {commit} = await import('../core/commit.js');
	const {plan: written, mode, notes} = await commit(planned, snapshot, sink);
	if (mode === 'dry-run') {
		return {
			json: jsonSuccess(written, mode),
			warnings,
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
	return {json: jsonSuccess(written, mode), warnings: [...warnings, ...notes], text: `${[...summaryLines(written), successLine(written)].join('\n')}\n`};
}
