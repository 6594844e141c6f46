import type { ToggleOptions } from '../../components/list/columns';
import { ListPage } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';
import { contactResource } from './ContactList.contracts';

/** /contact/contact-list: contact heads searched by organizer; new / view details on contact-details; 10 a page (the contract). */
const search: SearchFieldConfig[] = [{ name: 'organizers' }];

/** The server keeps exactly one contact live: after a switch the list reloads so the others show off. */
const toggles: Record<string, ToggleOptions> = { enableFlag: { reloadOnSuccess: true } };

export default function ContactList() {
  return <ListPage resource={contactResource} search={search} toggles={toggles} detailRoute="/contact/contact-details" />;
}

export const preload = listPreload({ resource: contactResource, search });
