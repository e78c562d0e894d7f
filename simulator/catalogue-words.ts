// Word lists the catalogue is assembled from. Plain data; the rough edges the scraper must
// survive (entities, non-Latin text, formula-like titles) are deliberately among them.

export const ROLES = [
  'Software Engineer', 'Senior Software Engineer', 'Staff Software Engineer', 'Backend Engineer',
  'Frontend Engineer', 'Full Stack Developer', 'Python Developer', 'Java Developer',
  'TypeScript Engineer', 'Go Developer', 'Rust Engineer', 'C++ Developer', 'iOS Engineer',
  'Android Developer', 'Data Scientist', 'Data Engineer', 'Machine Learning Engineer',
  'Analytics Engineer', 'Data Analyst', 'Business Analyst', 'Product Manager',
  'Senior Product Manager', 'Product Designer', 'UX Researcher', 'DevOps Engineer',
  'Site Reliability Engineer', 'Platform Engineer', 'Cloud Architect', 'Security Engineer',
  'QA Engineer', 'Test Automation Engineer', 'Engineering Manager', 'Technical Writer',
  'Solutions Architect', 'Sales Engineer', 'Account Executive', 'Customer Success Manager',
  'Marketing Manager', 'Growth Marketer', 'Content Strategist', 'Recruiter',
  'Talent Acquisition Partner', 'HR Business Partner', 'Financial Analyst', 'Accountant',
  'Operations Manager', 'Project Manager', 'Scrum Master', 'R&D Engineer', 'Hardware Engineer',
  'Embedded Software Engineer', 'Mechanical Engineer', 'Electrical Engineer', 'Support Engineer',
  'IT Administrator', 'Database Administrator', 'Research Scientist', 'AI Engineer',
  'Prompt Engineer', 'Head of Engineering',
];

export const LEVELS = ['', '', '', 'Junior ', 'Senior ', 'Lead ', 'Principal '];

export const GERMAN_ROLES = [
  'Softwareentwickler (m/w/d)', 'Senior Softwareentwickler Java (m/w/d)', 'Werkstudent Datenanalyse (m/w/d)',
  'Leiter Qualitätssicherung (m/w/d)', 'Systemadministrator – Linux (m/w/d)', 'Projektmanager Digitalisierung (m/w/d)',
  'Fachinformatiker für Anwendungsentwicklung (m/w/d)', 'Teamleiter Kundenbetreuung (m/w/d)',
  'Ingenieur Fahrzeugtechnik (m/w/d)', 'Berater SAP Finanzwesen (m/w/d)',
];

export const JAPANESE_ROLES = [
  'ソフトウェアエンジニア', 'バックエンドエンジニア（Go）', 'データサイエンティスト', 'プロダクトマネージャー',
  'インフラエンジニア / SRE', 'フロントエンドエンジニア（React）', '機械学習エンジニア', 'QAエンジニア',
];

/** Titles a spreadsheet would read as a formula; the export must keep them as text. */
export const FORMULA_LIKE_TITLES = [
  '=SUM(A1:A9) Financial Analyst', '+Growth Marketing Lead', '-Backend Engineer (Remote)',
  '@Scale Infrastructure Engineer', '=HYPERLINK("http://example.com") Data Engineer',
];

export const COMPANY_HEADS = [
  'Acme', 'Northwind', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Vandelay', 'Stark', 'Wayne', 'Tyrell',
  'Cyberdyne', 'Soylent', 'Wonka', 'Blue Harbor', 'Red Fern', 'Silver Lake', 'Bright Path', 'Nordlicht',
  'Alpenblick', 'Rheinwerk', 'Elbe', 'Quantum Leap', 'Pixel Forge', 'Cloud Nine', 'Iron Bridge', 'Oak & Ash',
  'Smith & Sons', 'Sterling', 'Meridian', 'Polaris', 'Zenith', 'Horizon', 'Evergreen', 'Summit', 'Atlas',
  'Beacon', 'Cobalt', 'Crimson', 'Delta', 'Echo', 'Falcon', 'Granite', 'Helix', 'Indigo', 'Juniper',
  'Kestrel', 'Lumen', 'Magnolia', 'Nimbus', 'Orbit', 'Prism', 'Quartz', 'Radiant', 'Sapphire', 'Tandem',
  'Vertex', 'Willow', 'Xenon', 'Yellowstone', 'Zephyr', 'Brightwave', 'Clearwater', 'Fjord', 'Lighthouse',
  'Müller', 'Schäfer', 'Größer', 'Bären', "O'Brien",
];

export const COMPANY_TAILS = [
  'Labs', 'Systems', 'Analytics', 'Technologies', 'Software', 'Robotics', 'Health', 'Logistics',
  'Energy', 'Capital', 'Media', 'Foods', 'Bank', 'Insurance', 'Consulting', 'Group', 'Networks',
  'Security', 'Studios', 'Motors', 'Pharma', 'Retail', 'Data', 'AI', 'Cloud', 'Dynamics',
];

export const LEGAL_SUFFIXES = [
  '', '', '', '', '', 'Inc.', 'Inc.', 'Inc', 'LLC', 'LLC', 'GmbH', 'GmbH', 'Ltd', 'Ltd.', 'Corp.',
  'Corporation', 'AG', 'S.A.', 'PLC', 'Co.',
];

export const JAPANESE_COMPANIES: Array<[string, string]> = [
  ['株式会社サクラテック', 'sakura-tech'],
  ['富士山ソリューションズ株式会社', 'fujisan-solutions'],
  ['合同会社ミライデータ', 'mirai-data'],
];

export const SENIORITY = ['Internship', 'Entry level', 'Associate', 'Mid-Senior level', 'Director', 'Executive', 'Not Applicable'];
export const EMPLOYMENT_TYPES = ['Full-time', 'Full-time', 'Full-time', 'Part-time', 'Contract', 'Temporary', 'Internship', 'Other'];
export const JOB_FUNCTIONS = [
  'Engineering and Information Technology', 'Information Technology', 'Research, Analyst, and Information Technology',
  'Product Management', 'Sales and Business Development', 'Marketing', 'Human Resources', 'Finance', 'Design',
  'Other',
];
export const INDUSTRIES = [
  'Software Development', 'IT Services and IT Consulting', 'Technology, Information and Internet',
  'Financial Services', 'Hospital & Health Care', 'Staffing and Recruiting', 'Motor Vehicle Manufacturing',
  'Retail', 'Banking', 'Research Services', 'Software Development and IT Services and IT Consulting',
];

export const SENTENCES = [
  'You will design, build & ship features used by millions of people.',
  'We value ownership, clear writing and kindness in code review.',
  'Our stack includes TypeScript, Node.js, PostgreSQL and a sprinkle of Rust.',
  'You collaborate closely with product, design and data science.',
  'We offer flexible hours, a learning budget and 30 days of paid leave.',
  'Experience with cloud platforms (AWS, GCP or Azure) is a plus.',
  'You care about tests, observability and reliable releases.',
  'The team is distributed across three time zones and meets in person twice a year.',
  'Salary bands are published internally and reviewed every year.',
  'We are an equal-opportunity employer and welcome applicants from every background.',
  'You mentor colleagues and help shape our engineering culture.',
  'Knowledge of "infrastructure as code" tools <Terraform, Pulumi> is helpful.',
  'Wir bieten ein attraktives Gehalt, Homeoffice-Möglichkeiten und flache Hierarchien.',
  'Gute Deutschkenntnisse in Wort und Schrift sind von Vorteil.',
  '私たちは、世界中のユーザーに価値を届けるプロダクトを開発しています。',
];

export const REQUIREMENTS = [
  '3+ years of professional experience',
  'Fluent English; German is a plus',
  'Experience with distributed systems',
  'A degree in computer science or equivalent experience',
  'Comfort with ambiguity & fast iteration',
  'Strong SQL skills',
  'Experience with CI/CD pipelines',
];

export const BENEFITS = ['Health insurance', 'Stock options', 'Remote-friendly', '401(k) matching', 'Gym membership', 'Team offsites'];
