// The scanner end to end on made-up photos of general kinds of real menus: currencies written as words
// or as signs the recognizer does not know, thousands as k, 12€50, the price before the name, a
// description on the name's line or under it in the items' type, a translation under each name, a
// busy three-column take-away sheet and a board seen from below, each badly photographed its own way.
import { PHOTO_GENERAL } from '../../fixtures/menus/photo-general';
import { describeMadeUpPhotos } from './made-up-photo-suite';

describeMadeUpPhotos('menu scan of made-up photos of general kinds of menus', PHOTO_GENERAL);
