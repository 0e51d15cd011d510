<?php
// edu start's router for PHP's built-in server (php -S … -t public router.php). Without one,
// php -S answers 404 itself for a path whose last part has a dot (/api/ville/1.5,
// /api/file/photo.jpg) when no such file exists, so those routes never reach the application.
// A file or folder that exists is left to php -S, as without a router; every other path goes
// to the site root's index.php, and is written to the log as php -S writes the requests it serves.
$root = rtrim($_SERVER['DOCUMENT_ROOT'], '/\\');
$path = rawurldecode(parse_url($_SERVER['REQUEST_URI'] ?? '/', PHP_URL_PATH) ?? '/');
if (str_contains($path, "\0") || file_exists($root . $path) || !is_file($root . '/index.php')) {
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
$_SERVER['SCRIPT_FILENAME'] = $root . DIRECTORY_SEPARATOR . 'index.php';
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['PHP_SELF'] = '/index.php';
chdir($root);
require $root . DIRECTORY_SEPARATOR . 'index.php';
