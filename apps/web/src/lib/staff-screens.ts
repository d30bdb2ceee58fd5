import { createContext } from 'react';

/**
 * Whether the page is one of the staff's (the back office, the platform's pages): their screens'
 * sentences load with the page's language there, and wherever an administrator is signed in
 * (their tools open over any page); a buyer's page never loads them (docs/languages.md, "Loading").
 */
export const StaffScreens = createContext(false);
