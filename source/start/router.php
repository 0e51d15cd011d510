<?php
// edu start's router for PHP's built-in server (php -S … -t public router.php). Without one,
// php -S answers 404 itself for a path whose last part has a dot (/api/ville/1.5,
// /api/file/photo.jpg) when no such file exists, so those routes never reach the application.
// Every other request is left to php -S, as without a router (return false); such a path goes to
// the index.php php -S would run for it without the dot (the nearest one up the path), and is
// written to the log as php -S writes the requests it serves. edu doctor's probe is left to php -S
// too: its own 404 page tells doctor that the port is a PHP development server, not a stranger.
$root = rtrim($_SERVER['DOCUMENT_ROOT'], '/\\');
$path = rawurldecode(parse_url($_SERVER['REQUEST_URI'] ?? '/', PHP_URL_PATH) ?? '/');
if ($path === '/edu-doctor-probe.txt' || str_contains($path, "\0") || !str_contains(basename($path), '.') || file_exists($root . $path)) {
    return false;
}
$folder = dirname($path);
while (!is_file($root . $folder . '/index.php') && $folder !== '/' && $folder !== '.' && $folder !== '\\') {
    $folder = dirname($folder);
}
$script = rtrim($folder, '/\\') . '/index.php';
if (!is_file($root . $script)) {
    return false;
}

register_shutdown_function(static function (): void {
    $status = http_response_code();
    file_put_contents('php://stderr', sprintf(
        "[%s] %s:%s [%d]: %s %s\n",
        date('D M j H:i:s Y'),
        $_SERVER['REMOTE_ADDR'] ?? '',
        $_SERVER['REMOTE_PORT'] ?? '',
        $status === false ? 200 : $status,
        $_SERVER['REQUEST_METHOD'] ?? 'GET',
        $_SERVER['REQUEST_URI'] ?? '/'
    ));
});
$_SERVER['SCRIPT_FILENAME'] = $root . str_replace('/', DIRECTORY_SEPARATOR, $script);
$_SERVER['SCRIPT_NAME'] = $script;
$_SERVER['PHP_SELF'] = $script;
chdir(dirname($_SERVER['SCRIPT_FILENAME']));
require $_SERVER['SCRIPT_FILENAME'];
