// The scanner end to end on made-up photos taken the ways real cafés' photos are: a whole page in a 600-px
// photo, two pages of an open menu side by side, a menu on a screen with moiré, and a page at an angle under
// uneven light compressed hard.
import { PHOTO_CAPTURE } from '../../fixtures/menus/photo-capture';
import { describeMadeUpPhotos } from './made-up-photo-suite';

describeMadeUpPhotos('menu scan of made-up photos taken as real cafés take them', PHOTO_CAPTURE);
