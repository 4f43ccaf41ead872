// The scanner end to end on made-up photos of kinds of real menus: light text on a dark board, a black
// or mid-tone coloured panel or a banner, currencies in letters the recognizer lacks or with thousands
// (zł, ¥, Rs., RM), the price right after the name with a description under it, two columns of two-line
// descriptions in the items' type, a busy take-away leaflet, cards held in a hand (one at a slant), and
// a chalkboard on a wall seen from below.
import { PHOTO_KINDS } from '../../fixtures/menus/photo-kinds';
import { describeMadeUpPhotos } from './made-up-photo-suite';

describeMadeUpPhotos('menu scan of made-up photos of dark panels, other currencies, leaflets, held cards and boards', PHOTO_KINDS);
