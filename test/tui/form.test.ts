// The form's moves that decide what a template is asked for, in memory: the methods a template
// serves start checked, follow a change of template until the user changes them, and reach the
// request only when some are left out.
import {describe, expect, it} from 'vitest';
import {initialForm, methodChoices, toRequest, withTemplate} from '../../source/tui/form.js';
import {templateCatalog} from '../../source/templates/catalog.js';

const catalog = templateCatalog();

describe('the methods of the form', () => {
	it('start as what the template serves: GET for the default one, all four for resource', () => {
		expect(initialForm({}, catalog).methods).toEqual(['GET']);
		expect(initialForm({template: 'resource'}, catalog).methods).toEqual(['GET', 'POST', 'PUT', 'DELETE']);
		// Typed with the command, they win.
		expect(initialForm({template: 'resource', methods: ['GET']}, catalog).methods).toEqual(['GET']);
	});

	it('follow a change of template while untouched, and stay as the user left them after', () => {
		const resource = withTemplate(initialForm({}, catalog), 'resource', catalog);
		expect(resource.methods).toEqual(['GET', 'POST', 'PUT', 'DELETE']);
		expect(withTemplate(resource, 'default', catalog).methods).toEqual(['GET']);
		const narrowed = {...resource, methods: ['GET', 'POST']};
		expect(withTemplate(narrowed, 'default', catalog).methods).toEqual(['GET', 'POST']);
		// GET alone, chosen under resource, is the default template's default: the way back keeps it all the same.
		const getOnly = {...resource, methods: ['GET'], methodsChosen: true as const};
		expect(withTemplate(withTemplate(getOnly, 'default', catalog), 'resource', catalog).methods).toEqual(['GET']);
	});

	it('reach a resource request only when some are left out, as --methods would', () => {
		const form = {...initialForm({template: 'resource'}, catalog), name: 'ville'};
		expect(toRequest(form, 'api', catalog)).not.toHaveProperty('methods');
		expect(toRequest({...form, methods: ['GET', 'POST']}, 'api', catalog).methods).toEqual(['GET', 'POST']);
		// Checked under another template, GET left out and PATCH in: resource serves GET whatever, and never PATCH.
		expect(toRequest({...form, methods: ['POST', 'PATCH']}, 'api', catalog).methods).toEqual(['GET', 'POST']);
		// The upload template chooses its own: none reach it.
		expect(toRequest({...form, template: 'upload', methods: ['GET']}, 'api', catalog)).not.toHaveProperty('methods');
	});

	it('are offered as the template serves them: every method, resource\'s four with GET kept, or none', () => {
		expect(methodChoices({takesMethods: true}).all).toContain('PATCH');
		expect(methodChoices({takesMethods: false, engine: 'resource'})).toEqual({all: ['GET', 'POST', 'PUT', 'DELETE'], always: 'GET'});
		expect(methodChoices({takesMethods: false, engine: 'upload'}).all).toEqual([]);
	});
});
