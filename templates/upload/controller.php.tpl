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
            new Attributes\Response(response: '400', description: 'No file, several files, an empty file, or an upload that failed (too large or interrupted)'),
            new Attributes\Response(response: '415', description: 'Extension not allowed (allowed: <% extensionList %>)'),
            new Attributes\Response(response: '500', description: 'The file could not be stored'),
        ]
    )]
    public function execute(Request $request): string|null
    {
        header('Content-Type: application/json');

<%# requestApi %>
        if (!$request->hasFile(self::FIELD)) {
            return $this->error(400, $this->tooLarge($request->getFiles() !== []) ?? 'Aucun fichier envoyé dans le champ « ' . self::FIELD . ' ».');
        }
        if (count($request->getFile(self::FIELD)) !== 1) {
            return $this->error(400, 'Un seul fichier est attendu dans le champ « ' . self::FIELD . ' », pas une liste (' . self::FIELD . '[]).');
        }
        // Refused: an empty file input, a file over the size limit, an interrupted upload.
        if (!$request->isValid(self::FIELD)) {
            return $this->error(400, $this->uploadProblem($request->getFile(self::FIELD)[0]['error']));
        }
        if ($request->getFile(self::FIELD)[0]['size'] === 0) {
            return $this->error(400, 'Le fichier envoyé est vide.');
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
            return $this->error(400, $this->tooLarge($_FILES !== []) ?? 'Aucun fichier envoyé dans le champ « ' . self::FIELD . ' ».');
        }
        if (!is_int($upload['error'])) {
            return $this->error(400, 'Un seul fichier est attendu dans le champ « ' . self::FIELD . ' », pas une liste (' . self::FIELD . '[]).');
        }
        // Refused: an empty file input, a file over the size limit, an interrupted upload.
        if ($upload['error'] !== UPLOAD_ERR_OK || !is_uploaded_file($upload['tmp_name'])) {
            return $this->error(400, $this->uploadProblem($upload['error']));
        }
        if ($upload['size'] === 0) {
            return $this->error(400, 'Le fichier envoyé est vide.');
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

    /** PHP drops the whole body of a request over post_max_size: then no field at all arrived. */
    private function tooLarge(bool $filesArrived): ?string
    {
        $sent = (int) ($_SERVER['CONTENT_LENGTH'] ?? 0);
        if ($sent === 0 || $_POST !== [] || $filesArrived) {
            return null;
        }
        return 'Le fichier est trop gros : la requête dépasse post_max_size (' . ini_get('post_max_size') . ' dans php.ini).';
    }

    /** What PHP's upload error code means, in the words of the answer. */
    private function uploadProblem(int $code): string
    {
        return match ($code) {
            UPLOAD_ERR_INI_SIZE, UPLOAD_ERR_FORM_SIZE => 'Le fichier est trop gros : ' . ini_get('upload_max_filesize') . ' au plus (upload_max_filesize dans php.ini).',
            UPLOAD_ERR_NO_FILE => 'Aucun fichier choisi dans le champ « ' . self::FIELD . ' ».',
            UPLOAD_ERR_PARTIAL => 'L\'envoi a été interrompu : envoyez le fichier à nouveau.',
            default => 'Le fichier n\'a pas été reçu (erreur ' . $code . ' de PHP).',
        };
    }

    private function error(int $status, string $message): string
    {
        http_response_code($status);
        return json_encode(['erreur' => $message], self::JSON_FLAGS);
    }
}
