import type { AppContext } from '../context';
import type { CompanyLookup } from './company-lookup';

/** The one place blocking meets the site client: its signed-in company lookup by id. */
export function siteCompanyLookup(ctx: AppContext): CompanyLookup {
  return async (id, cookies) => {
    const company = await ctx.site.getCompany(String(id), cookies);
    return company ? { name: company.name, slug: company.universalName || null } : null;
  };
}
