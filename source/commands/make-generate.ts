// make:api and make:controller once the request is complete: snapshot → plan → dry-run report
// or commit. Loaded only when a command runs, so --help and --version load no YAML.
import {EduError, isRefusal} from '../core/errors.js';
import {fileLines, jsonSuccess, placeLine, refusalPlace, routesDiff, successLine, summaryLines} from '../core/describe-plan.js';
import {plan as makePlan} from '../core/plan.js';
import {readSnapshot} from '../core/project.js';
import type {MakeRequest} from '../core/request.js';
import type {Io, Outcome} from '../io.js';

/** `onSignal`: Ctrl+C / SIGTERM stop the write, which rolls back and releases the lock. */
export async function generate(request: MakeRequest, root: string, dryRun: boolean, onSignal?: Io['onSignal']): Promise<Outcome> {
	const snapshot = readSnapshot(root);
	if (isRefusal(snapshot)) throw EduError.from(snapshot);
	const planned = makePlan(request, snapshot);
	const {warnings} = planned;

	const [firstRefusal] = planned.refusals;
	if (firstRefusal) {
		// The seed's exact message first; then the file or route it is about, and the way out.
		const place = refusalPlace(firstRefusal, planned, snapshot);
		const message = place === undefined ? firstRefusal.message : `${firstRefusal.message}\n${placeLine(place)}`;
		throw new EduError(firstRefusal.code, message, EduError.from(firstRefusal).exitCode, {
			notes: warnings,
			details: {...(place ?? {}), ...(warnings.length > 0 ? {warnings} : {})},
		});
	}

	const {commit} = await import('../core/commit.js');
	const {sinkFor} = await import('../core/sink.js');
	const {plan: written, dryRun: nothingWritten, notes} = await commit(planned, snapshot, sinkFor({dryRun, onSignal}));
	if (nothingWritten) {
		return {
			json: jsonSuccess(written, true),
			warnings,
			text: [
				...summaryLines(written),
				'Dry run: nothing was written. The run would:',
				...fileLines(written.changes),
				'',
				...routesDiff(written),
				'',
			].join('\n'),
		};
	}
	return {json: jsonSuccess(written, false), warnings: [...warnings, ...notes], text: `${[...summaryLines(written), successLine(written)].join('\n')}\n`};
}
