<?php
// What the PHP original (Edu Framework 2.3's CreateApiCommand) does to routes.yaml on every
// make:api: Yaml::parseFile of the whole file, the new route added, Yaml::dump of the whole
// file written back. Run by scripts/bench.js (wall time of this whole process) with Debian's
// php-symfony-yaml; writes the dump to the path given second, never to the project.
// Usage: php scripts/bench-symfony-yaml.php <routes.yaml> <output file>
require '/usr/share/php/Symfony/Component/Yaml/autoload.php';

use Symfony\Component\Yaml\Yaml;

[, $input, $output] = $argv;
$routes = Yaml::parseFile($input);
$routes['api_x'] = ['uri' => '/api/x', 'controller' => 'Controller\\api\\XController', 'httpMethod' => ['GET']];
file_put_contents($output, Yaml::dump($routes));
