import { z } from 'zod';
import * as a from './admin.js';
import * as ac from './accounts.js';
import * as au from './audit.js';
import { propertyId } from './common.js';
import type { Endpoint } from './endpoints.js';

const propertyParams = z.object({ id: propertyId });
const keyParams = z.object({ id: z.string().min(1).max(64) });

/**
 * Every endpoint of the dashboard's own API under ADMIN_PREFIX, signed in by the session cookie, never
 * by a key: the server registers the admin routes from this table and the dashboard's one client
 * (`apiClient`) calls them by name, as it calls the external API's `endpoints`. Not in openapi.json.
 */
export const adminEndpoints = {
  adminSession: {
    method: 'GET',
    path: '/session',
    tag: 'Session',
    summary: 'Whether the cookie signs in, and the CSRF token its writes carry',
    response: a.sessionResponse,
  },
  signOut: {
    method: 'POST',
    path: '/sign-out',
    tag: 'Session',
    summary: 'End this session and clear its cookie',
    response: a.signOutResponse,
  },
  createSignInLink: {
    method: 'POST',
    path: '/sign-in-links',
    tag: 'Session',
    summary: 'A one-time sign-in link for another person or browser',
    response: a.signInLinkResponse,
    status: 201,
    role: 'owner',
    conflict: 'an owner account exists: people come in by invitation',
  },
  signIn: {
    method: 'POST',
    path: '/sign-in',
    tag: 'Session',
    summary: "Sign in with an account's email and password; sets the session cookie",
    body: ac.signInBody,
    response: ac.signedInResponse,
    open: true,
  },
  passwordLink: {
    method: 'GET',
    path: '/password-links/{token}',
    tag: 'Session',
    summary: 'Whose a set-password link is, while it can still be used',
    params: ac.passwordLinkParams,
    response: ac.passwordLinkResponse,
    open: true,
  },
  setPassword: {
    method: 'POST',
    path: '/set-password',
    tag: 'Session',
    summary: "Use a set-password link: set the account's password and sign in",
    body: ac.setPasswordBody,
    response: ac.signedInResponse,
    open: true,
  },
  adminProperties: {
    method: 'GET',
    path: '/properties',
    tag: 'Properties',
    summary: 'Every property with its tracker tags',
    response: a.propertiesResponse,
  },
  createProperty: {
    method: 'POST',
    path: '/properties',
    tag: 'Properties',
    summary: 'Create a property',
    body: a.createPropertyBody,
    response: a.adminProperty,
    status: 201,
    conflict: 'the id is taken, now or by a deleted property',
    role: 'admin',
  },
  updateProperty: {
    method: 'PATCH',
    path: '/properties/{id}',
    tag: 'Properties',
    summary: "Change a property's name, domain or time zone",
    params: propertyParams,
    body: a.updatePropertyBody,
    response: a.adminProperty,
    role: 'admin',
  },
  propertyStatus: {
    method: 'GET',
    path: '/properties/{id}/status',
    tag: 'Properties',
    summary: "When the property's latest event happened",
    params: propertyParams,
    response: a.propertyStatusResponse,
  },
  deleteProperty: {
    method: 'DELETE',
    path: '/properties/{id}',
    tag: 'Properties',
    summary: 'Delete a property without events',
    params: propertyParams,
    response: a.deletePropertyResponse,
    conflict: 'the property has received events',
    role: 'admin',
  },
  apiKeys: {
    method: 'GET',
    path: '/keys',
    tag: 'API keys',
    summary: 'Every key, never the key itself',
    response: a.keysResponse,
    role: 'admin',
  },
  createApiKey: {
    method: 'POST',
    path: '/keys',
    tag: 'API keys',
    summary: 'Create a key; the key is in this answer only',
    body: a.createKeyBody,
    response: a.createKeyResponse,
    status: 201,
    role: 'admin',
  },
  revokeApiKey: {
    method: 'DELETE',
    path: '/keys/{id}',
    tag: 'API keys',
    summary: 'Revoke a key at once',
    params: keyParams,
    response: a.revokeKeyResponse,
    role: 'admin',
  },
  accounts: {
    method: 'GET',
    path: '/accounts',
    tag: 'Accounts',
    summary: 'Every account, with its role, properties and state',
    response: ac.accountsResponse,
    role: 'admin',
  },
  inviteAccount: {
    method: 'POST',
    path: '/accounts',
    tag: 'Accounts',
    summary: 'Invite someone: a new account and its one-time set-password link',
    body: ac.inviteBody,
    response: ac.accountLinkResponse,
    status: 201,
    role: 'admin',
    conflict: 'the email has an account already',
  },
  accountLink: {
    method: 'POST',
    path: '/accounts/{id}/link',
    tag: 'Accounts',
    summary: 'A new set-password link for an account (an invitation again, or a reset)',
    params: ac.accountParams,
    response: ac.accountLinkResponse,
    status: 201,
    role: 'owner',
  },
  updateAccount: {
    method: 'PATCH',
    path: '/accounts/{id}',
    tag: 'Accounts',
    summary: "Change an account's role or properties, or disable it",
    params: ac.accountParams,
    body: ac.updateAccountBody,
    response: ac.accountSummary,
    role: 'owner',
    conflict: 'it would leave no active owner',
  },
  auditLog: {
    method: 'GET',
    path: '/audit',
    tag: 'Accounts',
    summary: 'Who changed what, when and from where, newest first',
    query: au.auditQuery,
    response: au.auditResponse,
    role: 'owner',
  },
} satisfies Record<string, Endpoint>;

export type AdminEndpointName = keyof typeof adminEndpoints;
