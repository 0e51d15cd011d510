<?php

namespace Controller\api;

use OpenApi\Attributes;
use Studoo\EduFramework\Core\Controller\ControllerInterface;
use Studoo\EduFramework\Core\Controller\Request;

/**
 * POST a file in the form field "<%& field %>" (multipart/form-data). The file is stored in
 * <%& dir %> under a name made here, never the name the client sent.
<%# requestApi %>
 * Uses the upload methods of this project's Request (hasFile, isValid, getExtension, move).
<%/ requestApi %>
<%^ requestApi %>
 * Uses PHP's own upload API ($_FILES, move_uploaded_file): the installed Edu Framework's
 * Request has no upload methods (none of 2.0 to 2.3 has them).
<%/ requestApi %>
 */
class <%& className %> implements ControllerInterface
{
    /** The form field holding the file. */
    private const FIELD = '<% field %>';

    /** Accepted extensions, lower case: an allow-list, never a deny-list. */
    private const EXTENSIONS = [<%# extensions %>'<% value %>'<%^ last %>, <%/ last %><%/ extensions %>];

    /** Where files are stored, relative to the project root. */
    private const FOLDER = '<% dir %>';

    private const JSON_FLAGS = JSON_THROW_ON_ERROR | JSON_UNESCAPED_UNICODE;

    #[Attributes\Post(
        path: '<% uri %>',
        requestBody: new Attributes\RequestBody(
            required: true,
            content: [
                new Attributes\MediaType(
                    mediaType: 'multipart/form-data',
                    schema: new Attributes\Schema(
                        required: ['<% field %>'],
                        properties: [
                            new Attributes\Property(property: '<% field %>', type: 'string', format: 'binary'),
                        ]
                    )
                ),
            ]
        ),
        responses: [
            new Attributes\Response(response: '201', description: '<% createdDescription %>'),
            new Attributes\Response(response: '400', description: 'No file, or an upload that failed (empty, too large or interrupted)'),
            new Attributes\Response(response: '415', description: 'Extension not allowed (allowed: <% extensionList %>)'),
            new Attributes\Response(response: '500', description: 'The file could not be stored'),
        ]
    )]
    public function execute(Request $request): string|null
    {
        header('Content-Type: application/json');

<%# requestApi %>
        if (!$request->hasFile(self::FIELD)) {
            return $this->error(400, 'Aucun fichier envoyé dans le champ « ' . self::FIELD . ' ».');
        }
        // Refused: an empty file input, a file over the size limit, an interrupted upload, or
        // several files (<%& field %>[]) where one is expected.
        if (!$request->isValid(self::FIELD) || count($request->getFile(self::FIELD)) !== 1) {
            return $this->error(400, 'Le fichier n\'a pas été reçu : champ vide, fichier trop gros ou envoi interrompu.');
        }
        $extension = $request->getExtension(self::FIELD);
        if (!in_array($extension, self::EXTENSIONS, true)) {
            return $this->error(415, 'Extension refusée : envoyez un fichier ' . implode(', ', self::EXTENSIONS) . '.');
        }

        // The stored name is made here: random, plus the checked extension.
        $name = bin2hex(random_bytes(16)) . '.' . $extension;
        $folder = dirname(__DIR__, 3) . '/' . self::FOLDER;
        if (!is_dir($folder)) {
            // When the folder cannot be made, move() fails below and the answer is 500.
            @mkdir($folder, 0775, true);
        }
        if (!$request->move(self::FIELD, $folder . '/' . $name)) {
            return $this->error(500, 'Le fichier n\'a pas pu être enregistré.');
        }

<%/ requestApi %>
<%^ requestApi %>
        // What PHP received for the field: name, type, size, tmp_name, error.
        $upload = $_FILES[self::FIELD] ?? null;
        if (!is_array($upload)) {
            return $this->error(400, 'Aucun fichier envoyé dans le champ « ' . self::FIELD . ' ».');
        }
        // Refused: an empty file input, a file over the size limit, an interrupted upload, or
        // several files (<%& field %>[]) where one is expected.
        if (!is_int($upload['error']) || $upload['error'] !== UPLOAD_ERR_OK || !is_uploaded_file($upload['tmp_name'])) {
            return $this->error(400, 'Le fichier n\'a pas été reçu : champ vide, fichier trop gros ou envoi interrompu.');
        }
        $extension = strtolower(pathinfo($upload['name'], PATHINFO_EXTENSION));
        if (!in_array($extension, self::EXTENSIONS, true)) {
            return $this->error(415, 'Extension refusée : envoyez un fichier ' . implode(', ', self::EXTENSIONS) . '.');
        }

        // The stored name is made here: random, plus the checked extension.
        $name = bin2hex(random_bytes(16)) . '.' . $extension;
        $folder = dirname(__DIR__, 3) . '/' . self::FOLDER;
        // mkdir() may fail (a file in the way, no permission): the answer is then 500.
        if (!is_dir($folder) && !@mkdir($folder, 0775, true) && !is_dir($folder)) {
            return $this->error(500, 'Le fichier n\'a pas pu être enregistré.');
        }
        if (!move_uploaded_file($upload['tmp_name'], $folder . '/' . $name)) {
            return $this->error(500, 'Le fichier n\'a pas pu être enregistré.');
        }

<%/ requestApi %>
        http_response_code(201);
        return json_encode(['fichier' => $name], self::JSON_FLAGS);
    }

    private function error(int $status, string $message): string
    {
        http_response_code($status);
        return json_encode(['erreur' => $message], self::JSON_FLAGS);
    }
}
