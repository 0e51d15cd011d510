// The flags most commands share, registered on a commander command.
import type {Command} from 'commander';

export function addCommonOptions(command: Command, which: {dryRun?: boolean; plain?: boolean} = {}): Command {
	command.option('-y, --yes', 'never prompt; fail on a missing value instead');
	if (which.dryRun !== false) command.option('--dry-run', 'print the plan and the routes.yaml diff, write nothing');
	command.option('--json', 'print one JSON object on stdout');
	command.option('--cwd <dir>', 'project root (default: the current folder or the nearest one above it)');
	if (which.plain) command.option('--plain', 'line prompts instead of the full-screen wizard');
	return command;
}
