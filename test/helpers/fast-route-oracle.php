<?php
// The real nikic/fast-route 1.x (Debian's php-nikic-fast-route) as an oracle for the tests: reads
// JSON cases on stdin, writes one JSON answer per case. A case is either
//   {"parse": "<uri>"}: the routes FastRoute's Std parser and regex builder make of the URI
//     ([{"static": "<uri>"} | {"regex": "<regex>"}], or {"error": "<message>"});
//   {"routes": [[methods, uri], ...]}: whether registering them in order throws, and at which.
require '/usr/share/php/FastRoute/autoload.php';

$generator = new class extends FastRoute\DataGenerator\GroupCountBased {
    public function regexOf(array $routeData): array
    {
        $method = new ReflectionMethod(FastRoute\DataGenerator\RegexBasedAbstract::class, 'buildRegexForRoute');
        return $method->invoke($this, $routeData);
    }
};

$answers = [];
foreach (json_decode(stream_get_contents(STDIN), true, 512, JSON_THROW_ON_ERROR) as $case) {
    try {
        if (isset($case['parse'])) {
            $answer = [];
            foreach ((new FastRoute\RouteParser\Std())->parse($case['parse']) as $data) {
                $answer[] = count($data) === 1 && is_string($data[0]) ? ['static' => $data[0]] : ['regex' => $generator->regexOf($data)[0]];
            }
            $answers[] = $answer;
            continue;
        }
        $collector = new FastRoute\RouteCollector(new FastRoute\RouteParser\Std(), new FastRoute\DataGenerator\GroupCountBased());
        $failedAt = null;
        foreach ($case['routes'] as $index => [$methods, $uri]) {
            try {
                $collector->addRoute($methods, $uri, "route$index");
            } catch (FastRoute\BadRouteException $error) {
                $failedAt = ['index' => $index, 'message' => $error->getMessage()];
                break;
            }
        }
        $answers[] = ['failedAt' => $failedAt];
    } catch (Throwable $error) {
        $answers[] = ['error' => $error->getMessage()];
    }
}
echo json_encode($answers, JSON_UNESCAPED_SLASHES);
