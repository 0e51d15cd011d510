// Whether the PHP-backed checks can run. Where PHP is missing they skip with a visible
// notice; in CI (EDU_REQUIRE_PHP=1) a missing PHP is a failure instead.
import {execFileSync} from 'node:child_process';

function probe(): string | undefined {
	try {
		execFileSync('php', ['-r', 'exit((@include_once "Symfony/Component/Yaml/autoload.php") ? 0 : 1);'], {stdio: 'ignore'});
		return undefined;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'ENOENT'
			? 'php is not on PATH'
			: 'Symfony YAML is not installed (Debian: php-symfony-yaml)';
	}
}

const missing = probe();

if (missing !== undefined) {
	if (process.env['EDU_REQUIRE_PHP']) throw new Error(`EDU_REQUIRE_PHP is set but ${missing}`);
	process.stderr.write(`\n  NOTICE: skipping the PHP checks (php -l, Symfony YAML, php -S): ${missing}.\n  Install php-cli, php-symfony-yaml and php-sqlite3 to run them.\n\n`);
}

/** True when php and Symfony YAML are available. */
export const hasPhp: boolean = missing === undefined;

/** Parses YAML text with Symfony YAML (what the framework reads routes.yaml with) and returns it as JSON data. */
export function symfonyYamlParse(text: string): unknown {
	const script = 'require "Symfony/Component/Yaml/autoload.php"; echo json_encode(Symfony\\Component\\Yaml\\Yaml::parse(stream_get_contents(STDIN)), JSON_THROW_ON_ERROR);';
	return JSON.parse(execFileSync('php', ['-r', script], {input: text, encoding: 'utf8'}));
}

/** `php -l` on a file; returns php's output, throws with it when the file has a syntax error. */
export function phpLint(file: string): string {
	return execFileSync('php', ['-l', file], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']});
}
