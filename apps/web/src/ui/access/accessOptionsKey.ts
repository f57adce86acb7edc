/**
 * The user form's option lists (spaces, services, registers, their categories). Not under the users'
 * key: saving a user changes none of them, so it does not read them again (issue 23).
 */
export const ACCESS_OPTIONS_KEY = ['access-options'] as const;
