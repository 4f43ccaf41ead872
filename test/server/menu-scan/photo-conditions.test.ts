// The scanner end to end on made-up photos of what spoils real ones: a page bent where a menu folder
// opens (its lines rise towards the spine by two rows), glare washing out the middle of a laminated
// card, and a small card held up in a hand in front of a bright window.
import { PHOTO_CONDITIONS } from '../../fixtures/menus/photo-conditions';
import { describeMadeUpPhotos } from './made-up-photo-suite';

describeMadeUpPhotos('menu scan of curved, glared and hand-held photos', PHOTO_CONDITIONS);
