// What a refused principal is told.
export const ROLE_REFUSED_MESSAGE = 'Your role in this store does not allow this. Ask the owner.';
export const DEVICE_REFUSED_MESSAGE = 'A counter screen can only show counter mode.';
