// Issue 40: how the simulator's fit postings word what they ask and offer, in English and German,
// several ways each. Plain data and small helpers; the posting is drawn in fit-postings.ts.

export type FitLang = 'en' | 'de';

/** Each skill (by the name profiles use) as postings write it. */
export const SKILL_SPELLINGS: Readonly<
  Record<string, { en: readonly string[]; de?: readonly string[] }>
> = {
  TypeScript: { en: ['TypeScript', 'TS'] },
  PostgreSQL: { en: ['PostgreSQL', 'Postgres'] },
  Kubernetes: { en: ['Kubernetes', 'K8s'] },
  Go: { en: ['Go', 'Golang'] },
  Kafka: { en: ['Kafka', 'Apache Kafka'] },
  AWS: { en: ['AWS', 'Amazon Web Services'] },
  GraphQL: { en: ['GraphQL'] },
  Docker: { en: ['Docker'] },
  Terraform: { en: ['Terraform'] },
  Redis: { en: ['Redis'] },
  'Node.js': { en: ['Node.js', 'NodeJS'] },
  Java: { en: ['Java'] },
  Rust: { en: ['Rust'] },
  Python: { en: ['Python'] },
  SQL: { en: ['SQL'] },
  'machine learning': {
    en: ['machine learning', 'ML'],
    de: ['Machine Learning', 'maschinelles Lernen'],
  },
  PyTorch: { en: ['PyTorch'] },
  Spark: { en: ['Spark', 'PySpark', 'Apache Spark'] },
  Airflow: { en: ['Airflow', 'Apache Airflow'] },
  statistics: { en: ['statistics', 'statistical modelling'], de: ['Statistik'] },
  dbt: { en: ['dbt'] },
  Tableau: { en: ['Tableau'] },
  'scikit-learn': { en: ['scikit-learn'] },
  IFRS: { en: ['IFRS'] },
  SAP: { en: ['SAP', 'SAP S/4HANA', 'SAP FI/CO'] },
  consolidation: {
    en: ['consolidation', 'group consolidation'],
    de: ['Konsolidierung', 'Konzernabschluss'],
  },
  HGB: { en: ['HGB'] },
  'US GAAP': { en: ['US GAAP'] },
  'Power BI': { en: ['Power BI'] },
  'financial reporting': {
    en: ['financial reporting'],
    de: ['Finanzberichterstattung', 'Berichtswesen'],
  },
  DATEV: { en: ['DATEV'] },
  Excel: { en: ['Excel', 'Microsoft Excel'] },
  budgeting: { en: ['budgeting', 'budget planning'], de: ['Budgetplanung'] },
  Salesforce: { en: ['Salesforce'] },
  HubSpot: { en: ['HubSpot'] },
  SEO: { en: ['SEO'], de: ['Suchmaschinenoptimierung'] },
  'content marketing': { en: ['content marketing'], de: ['Content-Marketing'] },
  negotiation: { en: ['negotiation'], de: ['Verhandlungsgeschick'] },
};

export const SKILL_LINES: Readonly<Record<FitLang, readonly string[]>> = {
  en: [
    'Experience with {s}',
    'Solid knowledge of {s}',
    'You know {s} well',
    'Hands-on {s} experience',
    'Production experience with {s}',
  ],
  de: [
    'Erfahrung mit {s}',
    'Sehr gute Kenntnisse in {s}',
    'Du kennst dich mit {s} aus',
    'Praxis in {s}',
  ],
};

export const YEARS_LINES: Readonly<Record<FitLang, readonly string[]>> = {
  en: [
    '{n}+ years of experience in a similar role',
    'At least {n} years of professional experience',
    'A minimum of {n} years of experience',
    '{n}-{m} years of experience in the field',
  ],
  de: [
    'Mindestens {n} Jahre Berufserfahrung',
    '{n}+ Jahre Berufserfahrung in einer ähnlichen Position',
    'Du bringst {n} Jahre Erfahrung mit',
  ],
};

/** Language names: the English word, and the German stem its skill words are made of. */
export const LANGUAGE_WORDS: Readonly<Record<string, { en: string; de: string }>> = {
  en: { en: 'English', de: 'Englisch' },
  de: { en: 'German', de: 'Deutsch' },
  fr: { en: 'French', de: 'Französisch' },
};

export const LANGUAGE_ASKED: Readonly<Record<FitLang, readonly string[]>> = {
  en: ['Fluent {L}', '{L} at C1 level or better', 'Business-fluent {L} is a must'],
  de: ['Sehr gute {D}kenntnisse in Wort und Schrift', 'Fließendes {D}', 'Verhandlungssicheres {D}'],
};
export const LANGUAGE_WELCOME: Readonly<Record<FitLang, readonly string[]>> = {
  en: ['{L} is a plus', 'No {L} required', '{L} skills are nice to have'],
  de: ['{D}kenntnisse sind von Vorteil', 'Keine {D}kenntnisse erforderlich'],
};

export const WORKPLACE_LINES: Readonly<
  Record<FitLang, Readonly<Record<'remote' | 'hybrid' | 'on-site', readonly string[]>>>
> = {
  en: {
    remote: [
      'This is a fully remote position.',
      'You can work remotely from anywhere in {country}.',
    ],
    hybrid: [
      'Hybrid setup with two days a week in the office.',
      'We work hybrid: three days at home, two in {city}.',
    ],
    'on-site': [
      'This role is on-site in our {city} office.',
      'You will work on-site with the team in {city}.',
    ],
  },
  de: {
    remote: ['Die Stelle ist 100% remote.', 'Du arbeitest komplett remote.'],
    hybrid: [
      'Hybrides Arbeiten: zwei Tage pro Woche im Büro.',
      'Hybrides Arbeitsmodell in {city}.',
    ],
    'on-site': [
      'Die Arbeit findet vor Ort in {city} statt.',
      'Du arbeitest vor Ort in unserem Büro in {city}.',
    ],
  },
};

/** What each dealbreaker's words are in a posting that asks it, and in one that says it does not. */
export const DEALBREAKER_LINES: Readonly<
  Record<
    string,
    {
      asked: Readonly<Record<FitLang, readonly string[]>>;
      denied: Readonly<Record<FitLang, readonly string[]>>;
    }
  >
> = {
  'security clearance': {
    asked: {
      en: [
        'You must hold an active security clearance.',
        'Eligibility for a security clearance is required.',
      ],
      de: ['Eine gültige Sicherheitsüberprüfung ist Voraussetzung.'],
    },
    denied: {
      en: ['No security clearance required.'],
      de: ['Keine Sicherheitsüberprüfung erforderlich.'],
    },
  },
  'on-call': {
    asked: {
      en: ['You will join the 24/7 on-call rotation.', 'On-call duty one week per month.'],
      de: ['Teilnahme an der Rufbereitschaft.'],
    },
    denied: { en: ['There is no on-call duty.'], de: ['Keine Rufbereitschaft.'] },
  },
  Werkstudent: {
    asked: {
      en: ['This is a working student (Werkstudent) position for 20 hours a week.'],
      de: ['Als Werkstudent arbeitest du 20 Stunden pro Woche.'],
    },
    denied: {
      en: ['This is a full-time position.'],
      de: ['Es handelt sich um eine Vollzeitstelle.'],
    },
  },
  unpaid: {
    asked: { en: ['This is an unpaid internship.'], de: ['This is an unpaid internship.'] },
    denied: { en: ['Every position is paid.'], de: ['Jede Stelle ist vergütet.'] },
  },
  'cold calling': {
    asked: {
      en: ['Cold calling new customers is part of the role.'],
      de: ['Kaltakquise gehört zu deinen Aufgaben.'],
    },
    denied: { en: ['No cold calling.'], de: ['Keine Kaltakquise.'] },
  },
  'business travel': {
    asked: {
      en: ['Willingness to travel up to 50% of the time.'],
      de: ['Reisebereitschaft von bis zu 50 %.'],
    },
    denied: { en: ['No business travel required.'], de: ['Keine Reisebereitschaft erforderlich.'] },
  },
};

export const TITLES: Readonly<Record<string, Readonly<Record<FitLang, readonly string[]>>>> = {
  backend: {
    en: [
      'Backend Engineer',
      'Software Engineer, Backend',
      'Platform Engineer',
      'Node.js Developer',
    ],
    de: ['Backend-Entwickler (m/w/d)', 'Softwareentwickler Backend (m/w/d)'],
  },
  data: {
    en: ['Data Scientist', 'Machine Learning Engineer', 'Data Analyst'],
    de: ['Data Scientist (m/w/d)', 'Datenanalyst (m/w/d)'],
  },
  finance: {
    en: ['Group Accountant', 'Consolidation Manager', 'Financial Controller'],
    de: [
      'Konzernbilanzbuchhalter (m/w/d)',
      'Referent Konsolidierung (m/w/d)',
      'Teamleiter Konzernrechnungswesen (m/w/d)',
    ],
  },
  other: {
    en: ['Account Executive', 'Marketing Manager', 'Customer Success Manager'],
    de: ['Vertriebsmitarbeiter (m/w/d)', 'Marketing Manager (m/w/d)'],
  },
};

/** What a company says of itself and of the role: the bulk of a description, about any job. */
export const FILLER: Readonly<Record<FitLang, readonly string[]>> = {
  en: [
    'We are a fast-growing company with customers in more than thirty countries.',
    'Our teams are small, autonomous and own their work from idea to production.',
    'You will work closely with product, design and our customers.',
    'We value clear writing, kindness and curiosity.',
    'Our office is a short walk from the main station.',
    'You will help shape how we build and ship our products.',
    'We care about quality and keep our processes light.',
    'Every team sets its own goals each quarter and reviews them openly.',
    'We have grown from ten to two hundred people and stay close to our customers.',
    'You will take ownership of important projects from your first month.',
  ],
  de: [
    'Wir sind ein schnell wachsendes Unternehmen mit Kunden in über dreißig Ländern.',
    'Unsere Teams sind klein, eigenverantwortlich und begleiten ihre Arbeit von der Idee bis zum Betrieb.',
    'Du arbeitest eng mit Produkt, Design und unseren Kunden zusammen.',
    'Uns sind klare Kommunikation, Freundlichkeit und Neugier wichtig.',
    'Unser Büro liegt wenige Minuten vom Hauptbahnhof entfernt.',
    'Du gestaltest mit, wie wir unsere Produkte entwickeln und ausliefern.',
    'Qualität ist uns wichtig, unsere Prozesse halten wir schlank.',
    'Jedes Team setzt sich seine Ziele für das Quartal und bespricht sie offen.',
    'Wir sind von zehn auf zweihundert Menschen gewachsen und bleiben nah an unseren Kunden.',
    'Du übernimmst ab dem ersten Monat Verantwortung für wichtige Projekte.',
  ],
};

/** What the job is about, a domain's tasks, without naming a skill. */
export const TASKS: Readonly<Record<string, Readonly<Record<FitLang, readonly string[]>>>> = {
  backend: {
    en: [
      'Design, build and run the services behind our product',
      'Keep our APIs fast, reliable and well documented',
      'Take part in design reviews and improve our architecture',
      'Own features end to end, from the first sketch to production',
      'Improve monitoring, alerting and the way we handle incidents',
      'Work with product managers to shape the roadmap',
      'Review code and help other engineers grow',
    ],
    de: [
      'Du entwirfst, entwickelst und betreibst die Dienste hinter unserem Produkt',
      'Du hältst unsere Schnittstellen schnell, zuverlässig und gut dokumentiert',
      'Du bringst dich in Architekturentscheidungen ein',
      'Du verantwortest Features von der ersten Skizze bis zum Betrieb',
      'Du verbesserst Monitoring und den Umgang mit Störungen',
      'Du arbeitest eng mit dem Produktmanagement zusammen',
    ],
  },
  data: {
    en: [
      'Build models that predict churn, demand and prices',
      'Turn open questions from the business into analyses and experiments',
      'Present your findings to stakeholders in clear language',
      'Bring models into production together with our engineers',
      'Keep our data clean, documented and easy to find',
      'Design and evaluate experiments with product teams',
    ],
    de: [
      'Du entwickelst Modelle für Kündigungen, Nachfrage und Preise',
      'Du übersetzt Fragen aus dem Fachbereich in Analysen und Experimente',
      'Du stellst deine Ergebnisse verständlich vor',
      'Du bringst Modelle gemeinsam mit unseren Engineers in den Betrieb',
      'Du sorgst für saubere, dokumentierte Daten',
    ],
  },
  finance: {
    en: [
      'Prepare the monthly, quarterly and annual group accounts',
      'Lead the close process together with our subsidiaries',
      'Be the first contact for our auditors',
      'Improve our accounting processes and systems',
      'Advise the CFO on accounting questions and new standards',
      'Coordinate intercompany reconciliations',
    ],
    de: [
      'Du erstellst die Monats-, Quartals- und Jahresabschlüsse des Konzerns',
      'Du steuerst den Abschlussprozess mit unseren Tochtergesellschaften',
      'Du bist erster Ansprechpartner für unsere Wirtschaftsprüfer',
      'Du entwickelst unsere Prozesse im Rechnungswesen weiter',
      'Du berätst die Geschäftsführung in Bilanzierungsfragen',
    ],
  },
  other: {
    en: [
      'Win new customers and grow existing accounts',
      'Plan and run campaigns across our channels',
      'Keep our customers happy and help them succeed',
      'Report on your pipeline and results every week',
    ],
    de: [
      'Du gewinnst neue Kunden und baust bestehende aus',
      'Du planst und steuerst Kampagnen über alle Kanäle',
      'Du betreust unsere Kunden und hilfst ihnen zum Erfolg',
    ],
  },
};

/** How to apply, and the equal-opportunity words most postings close with. */
export const CLOSING: Readonly<Record<FitLang, readonly string[]>> = {
  en: [
    'Our hiring process has three steps: a call with our recruiter, a conversation with the team about a real problem we solved, and a final talk with the hiring manager.',
    'We will get back to every applicant within two weeks, whatever the answer.',
    'We are an equal opportunity employer and value diversity: we do not discriminate on the basis of race, religion, colour, national origin, gender, sexual orientation, age, marital status or disability.',
    'If you need any adjustments during the process, tell us and we will make them.',
    'Send us your CV; a cover letter is optional.',
  ],
  de: [
    'Unser Bewerbungsprozess hat drei Schritte: ein Gespräch mit unserem Recruiting, ein Austausch mit dem Team über eine echte Aufgabe und ein abschließendes Gespräch mit der Führungskraft.',
    'Wir melden uns bei allen Bewerberinnen und Bewerbern innerhalb von zwei Wochen.',
    'Wir freuen uns über Bewerbungen unabhängig von Geschlecht, Nationalität, ethnischer und sozialer Herkunft, Religion, Behinderung, Alter sowie sexueller Orientierung und Identität.',
    'Schick uns deinen Lebenslauf; ein Anschreiben ist nicht nötig.',
  ],
};

export const BENEFITS: Readonly<Record<FitLang, readonly string[]>> = {
  en: [
    '30 days of paid leave',
    'A learning budget',
    'A public transport ticket',
    'Flexible working hours',
    'A company pension plan',
  ],
  de: [
    '30 Tage Urlaub',
    'Ein Weiterbildungsbudget',
    'Ein Deutschlandticket',
    'Flexible Arbeitszeiten',
    'Betriebliche Altersvorsorge',
  ],
};

export const HEADINGS: Readonly<
  Record<FitLang, { about: string; role: string; asks: string; offer: string }>
> = {
  en: { about: 'About us', role: 'The role', asks: 'What you bring', offer: 'What we offer' },
  de: { about: 'Über uns', role: 'Deine Aufgaben', asks: 'Dein Profil', offer: 'Was wir bieten' },
};

/** "€70,000 – €90,000 per year", "Jahresgehalt: 70.000 – 90.000 EUR brutto". */
export function salaryLine(lang: FitLang, lowK: number, highK: number): string {
  return lang === 'en'
    ? `Salary: €${lowK},000 – €${highK},000 per year.`
    : `Jahresgehalt: ${lowK}.000 – ${highK}.000 EUR brutto.`;
}

export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(
    /\{(\w)\}|\{(\w+)\}/g,
    (_, a: string | undefined, b: string | undefined) => String(values[a ?? b ?? ''] ?? ''),
  );
}
