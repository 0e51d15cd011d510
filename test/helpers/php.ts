// Whether the PHP-backed checks can run. Where PHP is missing they skip with a visible
// notice; in CI (EDU_REQUIRE_PHP=1) a missing PHP is a failure instead.
import {execFileSync} from 'node:child_process';

function probe(): string | undefined {
	try {
		execFileSync('php', ['-r', 'exit((@include_once "Symfony/Component/Yaml/autoload.php") ? 0 : 1);'], {stdio: 'ignore'});
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'ENOENT'
			? 'php is not on PATH'
			: 'Symfony YAML is not installed (Debian: php-symfony-yaml)';
	}
	try {
		execFileSync('php', ['-r', 'exit((@include_once "Twig/autoload.php") ? 0 : 1);'], {stdio: 'ignore'});
		return undefined;
	} catch {
		return 'Twig is not installed (Debian: php-twig)';
	}
}

const missing = probe();

if (missing !== undefined) {
	if (process.env['EDU_REQUIRE_PHP']) throw new Error(`EDU_REQUIRE_PHP is set but ${missing}`);
	process.stderr.write(`\n  NOTICE: skipping the PHP checks (php -l, Symfony YAML, php -S): ${missing}.\n  Install php-cli, php-symfony-yaml, php-twig and php-sqlite3 to run them.\n\n`);
}

/** True when php and Symfony YAML are available. */
export const hasPhp: boolean = missing === undefined;

/** Renders the view `view` (relative to app/Template/) of the project at `root` with real Twig, as the framework's TwigCore does. */
export function twigRender(root: string, view: string, context: Record<string, string>): string {
	const script = 'require "Twig/autoload.php"; [$folder, $view, $context] = json_decode(stream_get_contents(STDIN), true); echo (new Twig\\Environment(new Twig\\Loader\\FilesystemLoader($folder)))->render($view, $context);';
	return execFileSync('php', ['-r', script], {input: JSON.stringify([`${root}/app/Template`, view, context]), encoding: 'utf8'});
}

/** Parses YAML text with Symfony YAML (what the framework reads routes.yaml with) and returns it as JSON data. */
export function symfonyYamlParse(text: string): unknown {
	const script = 'require "Symfony/Component/Yaml/autoload.php"; echo json_encode(Symfony\\Component\\Yaml\\Yaml::parse(stream_get_contents(STDIN)), JSON_THROW_ON_ERROR);';
	return JSON.parse(execFileSync('php', ['-r', script], {input: text, encoding: 'utf8'}));
}

export type SymfonyVerdict = {ok: true; data: unknown; keys?: string[] | null} | {ok: false; line: number; message: string};

/** Every text through Symfony YAML in one PHP process: the data it reads, or its refusal and the line it names. */
export function symfonyVerdicts(texts: readonly string[]): SymfonyVerdict[] {
	const script = `require "Symfony/Component/Yaml/autoload.php";
// JSON has no INF or NAN: such a float comes back as {"float": "INF"}, which no string equals.
function finite($value) { return is_float($value) && !is_finite($value) ? ['float' => (string) $value] : (is_array($value) ? array_map('finite', $value) : $value); }
$out = [];
foreach (json_decode(stream_get_contents(STDIN), true) as $text) {
	// JSON objects put integer keys first: the keys in PHP's order beside the data.
	try { $data = Symfony\\Component\\Yaml\\Yaml::parse($text); $out[] = ['ok' => true, 'data' => finite($data), 'keys' => is_array($data) ? array_map('strval', array_keys($data)) : null]; }
	catch (Symfony\\Component\\Yaml\\Exception\\ParseException $e) { $out[] = ['ok' => false, 'line' => $e->getParsedLine(), 'message' => $e->getMessage()]; }
}
echo json_encode($out, JSON_THROW_ON_ERROR | JSON_PRESERVE_ZERO_FRACTION);`;
	return JSON.parse(execFileSync('php', ['-r', script], {input: JSON.stringify(texts), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024})) as SymfonyVerdict[];
}

/** `php -l` on a file; returns php's output, throws with it when the file has a syntax error. */
export function phpLint(file: string): string {
	return execFileSync('php', ['-l', file], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']});
}
