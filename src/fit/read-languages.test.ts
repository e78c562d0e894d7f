import { describe, expect, it } from 'vitest';
import { readLanguages } from './read-languages';
import { tokenize } from './tokens';

const asked = (text: string): string[] =>
  readLanguages(tokenize(text)).asked.map((ask) => ask.codes.join('|'));

describe('readLanguages', () => {
  it.each([
    ['Fluent German', ['de']],
    ['Deutsch fließend in Wort und Schrift', ['de']],
    ['English C1', ['en']],
    ['Verhandlungssicheres Englisch', ['en']],
    ['Sehr gute Deutschkenntnisse', ['de']],
    ['Fluent in English and German', ['en', 'de']],
    ['You speak English or German', ['en|de']],
    ['Our working language is English', ['en']],
  ])('reads %j as asking %j', (text, expected) => {
    expect(asked(text)).toEqual(expected);
  });

  it.each([
    ['German is a plus', 'de'],
    ['No German required', 'de'],
    ['Keine Deutschkenntnisse erforderlich', 'de'],
    ['German language skills are an advantage', 'de'],
    ['Deutschkenntnisse von Vorteil', 'de'],
  ])('reads %j as not asking, only welcoming', (text, code) => {
    const read = readLanguages(tokenize(text));
    expect(read.asked).toEqual([]);
    expect(read.welcome).toEqual([code]);
  });

  it('keeps each language its own word in one clause', () => {
    expect(asked('Fluent English and German is a plus')).toEqual(['en']);
    expect(asked('German and English are a plus')).toEqual([]);
    expect(asked('Fluent English, German is nice to have')).toEqual(['en']);
  });

  it('does not read a country’s adjective as a language', () => {
    // Written in English, so English is asked; German is only named.
    expect(asked('You will grow our presence in the German market')).toEqual(['en']);
  });

  it('asks the language a description is written in, unless it says otherwise', () => {
    const german =
      'Wir suchen eine Entwicklerin für unser Team in Berlin. Sie arbeiten mit der Cloud und den Kunden. Englisch ist ein Plus.';
    expect(readLanguages(tokenize(german)).asked).toEqual([{ codes: ['de'], range: null }]);
    const notNeeded =
      'We are an international team and you will work with our product. Fluent English. German is not required for this role.';
    expect(asked(notNeeded)).toEqual(['en']);
  });
});
